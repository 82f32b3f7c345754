/* framestats.c - the soak's measurements (framestats.h). */
#include "framestats.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FRAMES_MAX 65536 /* a period's frames kept for its percentiles (18 min at 60 fps) */

struct FrameStats {
    FILE *f;
    uint64_t period_us, start_us, period_t0;
    uint64_t frame[FRAMES_MAX], gap[FRAMES_MAX]; /* each frame's work, and the time since the last */
    uint64_t n;     /* frames in the period (those past FRAMES_MAX count, unsorted) */
    uint64_t worst, worst_gap; /* the period's worst, kept or not */
    uint64_t last_us; /* the last frame shown */
    uint64_t wall_us, wall0_us; /* the wall clock at the last frame, and at the first */
    bool started;
};

FrameStats *framestats_open(const char *path, int period_s, Error *err)
{
    FrameStats *fs = calloc(1, sizeof *fs);
    if (!fs) {
        error_set(err, "out of memory");
        return NULL;
    }
    if (!(fs->f = fopen(path, "w"))) {
        error_set(err, "--frame-stats: cannot write %s: %s", path, strerror(errno));
        free(fs);
        return NULL;
    }
    fs->period_us = (uint64_t)period_s * 1000000u;
    return fs;
}

/* The resident set in KiB (/proc/self/statm), -1 when unknown. */
static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size, resident = -1;
    if (!f)
        return -1;
    if (fscanf(f, "%ld %ld", &size, &resident) != 2)
        resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Open file descriptors (/proc/self/fd, less the one reading it), -1 when unknown. */
static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    int n = 0;
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n - 1;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* The q-th quantile of the first n of v (sorted in place), in milliseconds. */
static double quantile_ms(uint64_t *v, uint64_t n, double q)
{
    if (!n)
        return 0;
    qsort(v, n, sizeof v[0], cmp_u64);
    return (double)v[(size_t)((double)n * q)] / 1000;
}

static void write_period(FrameStats *fs, uint64_t now_us, const char *scene)
{
    uint64_t kept = fs->n < FRAMES_MAX ? fs->n : FRAMES_MAX;
    double p50 = quantile_ms(fs->frame, kept, 0.5), p99 = quantile_ms(fs->frame, kept, 0.99);
    double gap99 = quantile_ms(fs->gap, kept, 0.99);
    fprintf(fs->f,
            "{\"t_s\":%.1f,\"frames\":%llu,\"frame_ms_p50\":%.3f,\"frame_ms_p99\":%.3f,"
            "\"frame_ms_max\":%.3f,\"interval_ms_p99\":%.3f,\"interval_ms_max\":%.3f,"
            "\"rss_kb\":%ld,\"fds\":%d,\"scene\":\"%s\",\"wall_s\":%.1f}\n",
            (double)(now_us - fs->start_us) / 1e6, (unsigned long long)fs->n, p50, p99,
            (double)fs->worst / 1000, gap99, (double)fs->worst_gap / 1000, rss_kb(), open_fds(), scene,
            (double)(fs->wall_us - fs->wall0_us) / 1e6);
    fflush(fs->f);
    fs->n = 0;
    fs->worst = fs->worst_gap = 0;
    fs->period_t0 = now_us;
}

void framestats_frame(FrameStats *fs, uint64_t now_us, uint64_t work_us, const char *scene)
{
    framestats_frame_at(fs, now_us, now_us, work_us, scene);
}

void framestats_frame_at(FrameStats *fs, uint64_t now_us, uint64_t wall_us, uint64_t work_us,
                         const char *scene)
{
    if (!fs)
        return;
    if (!fs->started) {
        fs->started = true;
        fs->start_us = fs->period_t0 = fs->last_us = now_us;
        fs->wall0_us = wall_us;
    }
    fs->wall_us = wall_us;
    uint64_t gap = now_us - fs->last_us;
    fs->last_us = now_us;
    if (fs->n < FRAMES_MAX) {
        fs->frame[fs->n] = work_us;
        fs->gap[fs->n] = gap;
    }
    fs->n++;
    if (work_us > fs->worst)
        fs->worst = work_us;
    if (gap > fs->worst_gap)
        fs->worst_gap = gap;
    if (now_us - fs->period_t0 >= fs->period_us)
        write_period(fs, now_us, scene);
}

void framestats_close(FrameStats *fs)
{
    if (!fs)
        return;
    fclose(fs->f);
    free(fs);
}

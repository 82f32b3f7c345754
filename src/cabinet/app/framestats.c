/* framestats.c - the soak's measurements (framestats.h). */
#include "framestats.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FRAMES_MAX 65536 /* a period's frames kept for its percentiles (18 min at 60 fps) */

struct FrameStats {
    FILE *f;
    uint64_t period_us, start_us, period_t0;
    uint64_t frame[FRAMES_MAX];
    uint64_t n;     /* frames in the period (those past FRAMES_MAX count, unsorted) */
    uint64_t worst; /* the period's worst frame, kept or not */
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

static void write_period(FrameStats *fs, uint64_t now_us, const char *scene)
{
    uint64_t kept = fs->n < FRAMES_MAX ? fs->n : FRAMES_MAX;
    qsort(fs->frame, kept, sizeof fs->frame[0], cmp_u64);
    double p50 = kept ? (double)fs->frame[kept / 2] / 1000 : 0;
    double p99 = kept ? (double)fs->frame[(size_t)((double)kept * 0.99)] / 1000 : 0;
    fprintf(fs->f,
            "{\"t_s\":%.1f,\"frames\":%llu,\"frame_ms_p50\":%.3f,\"frame_ms_p99\":%.3f,"
            "\"frame_ms_max\":%.3f,\"rss_kb\":%ld,\"fds\":%d,\"scene\":\"%s\"}\n",
            (double)(now_us - fs->start_us) / 1e6, (unsigned long long)fs->n, p50, p99,
            (double)fs->worst / 1000, rss_kb(), open_fds(), scene);
    fflush(fs->f);
    fs->n = 0;
    fs->worst = 0;
    fs->period_t0 = now_us;
}

void framestats_frame(FrameStats *fs, uint64_t now_us, uint64_t frame_us, const char *scene)
{
    if (!fs)
        return;
    if (!fs->start_us)
        fs->start_us = fs->period_t0 = now_us;
    if (fs->n < FRAMES_MAX)
        fs->frame[fs->n] = frame_us;
    fs->n++;
    if (frame_us > fs->worst)
        fs->worst = frame_us;
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

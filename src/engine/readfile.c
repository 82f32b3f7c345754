/* readfile.c - input files read whole, regular files only, within a limit.
 *
 * The file is opened without blocking (a FIFO with no writer would otherwise hold open() for
 * ever), then fstat() decides: a folder, a pipe or a device is refused before any read, and
 * a regular file larger than the limit too. The read itself stops one byte past the limit, so
 * a file that grows while it is read is refused as well, never read to its end. */
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "larger than 16 MiB", "larger than 512 KiB", "larger than 100 bytes" */
static int too_large(const char *name, size_t max, Error *err)
{
    if (max >= ((size_t)1 << 20) && max % ((size_t)1 << 20) == 0)
        return error_set(err, "%s: larger than %zu MiB", name, max >> 20);
    if (max >= 1024 && max % 1024 == 0)
        return error_set(err, "%s: larger than %zu KiB", name, max >> 10);
    return error_set(err, "%s: larger than %zu bytes", name, max);
}

/* The open descriptor of a regular file of at most max bytes; -1 with err. */
static int open_checked(const char *path, const char *name, size_t max, Error *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return error_set(err, "%s: cannot read it: %s", name, strerror(errno));
    struct stat st;
    int rc = 0;
    if (fstat(fd, &st))
        rc = error_set(err, "%s: cannot read it: %s", name, strerror(errno));
    else if (S_ISDIR(st.st_mode))
        rc = error_set(err, "%s: cannot read it: it is a folder", name);
    else if (!S_ISREG(st.st_mode))
        rc = error_set(err, "%s: not a regular file (a pipe or a device): give a file", name);
    else if ((unsigned long long)st.st_size > (unsigned long long)max)
        rc = too_large(name, max, err);
    if (rc) {
        close(fd);
        return -1;
    }
    return fd;
}

int readfile_check(const char *path, const char *name, size_t max, Error *err)
{
    int fd = open_checked(path, name, max, err);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

int readfile_all(const char *path, const char *name, size_t max, char **out, size_t *len, Error *err)
{
    *out = NULL;
    int fd = open_checked(path, name, max, err);
    if (fd < 0)
        return -1;
    size_t cap = 4096, n = 0;
    char *text = malloc(cap + 1);
    int rc = text ? 0 : error_set(err, "%s: out of memory", name);
    while (!rc) {
        if (n == cap) {
            if (n > max)
                break;
            size_t more = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *bigger = more > cap ? realloc(text, more + 1) : NULL;
            if (!bigger) {
                rc = error_set(err, "%s: out of memory", name);
                break;
            }
            text = bigger;
            cap = more;
        }
        ssize_t got = read(fd, text + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            rc = error_set(err, "%s: cannot read it: %s", name, strerror(errno));
        else if (got == 0)
            break;
        else
            n += (size_t)got;
    }
    close(fd);
    if (!rc && n > max)
        rc = too_large(name, max, err);
    if (rc) {
        free(text);
        return -1;
    }
    text[n] = '\0';
    *out = text;
    if (len)
        *len = n;
    return 0;
}

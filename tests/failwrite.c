/* failwrite.c - an LD_PRELOAD shim for tests: the SLOTCAB_FAIL_WITNESS_AT-th write to a file
 * named slotcab.witness, and every one after it, fails with EIO (as a failing disk would), so
 * that a test can make the memory refuse a write at any chosen step of a round. */
#undef _FILE_OFFSET_BITS /* pwrite and pwrite64 both defined here, not one renamed to the other */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t at);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t at);

static int writes;

static int fails(int fd)
{
    char link[64], path[512];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t len = readlink(link, path, sizeof path - 1);
    if (len <= 0)
        return 0;
    path[len] = 0;
    const char *at = getenv("SLOTCAB_FAIL_WITNESS_AT");
    size_t m = strlen("slotcab.witness");
    if (!at || (size_t)len < m || strcmp(path + len - m, "slotcab.witness"))
        return 0;
    return ++writes >= atoi(at);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t at)
{
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "pwrite64");
    if (fails(fd)) {
        errno = EIO;
        return -1;
    }
    return real(fd, buf, n, at);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at)
{
    return pwrite64(fd, buf, n, at);
}

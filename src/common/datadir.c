/* datadir.c - the data root both programs share (datadir.h). */
#include "datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The same folder, whatever path names it. */
static int same_dir(const char *a, const char *b)
{
    struct stat x, y;
    return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

const char *datadir_root(const char *build_dir, const char *from_bin, const char *installed)
{
    static char root[4096];
    const char *env = getenv("SLOTCAB_DATA");
    if (env && *env)
        return env;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        if (build_dir && *build_dir && same_dir(build_dir, exe))
            return NULL;
        struct stat st;
        int len = from_bin && *from_bin ? snprintf(root, sizeof root, "%s/%s", exe, from_bin) : -1;
        if (len > 0 && (size_t)len < sizeof root && !stat(root, &st) && S_ISDIR(st.st_mode))
            return root;
    }
    return installed && *installed ? installed : NULL;
}

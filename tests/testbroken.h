/* testbroken.h - broken-input cases for the loaders' tests: a file, and the message a
 * loader must give for it ("<path>: <JSON path>: <problem>"). */
#ifndef SLOTCAB_TESTBROKEN_H
#define SLOTCAB_TESTBROKEN_H

#include "test.h"

typedef struct BrokenCase {
    const char *file;
    /* what follows "<path>: ": the JSON path and the problem */
    const char *expect;
    /* NULL, or a further substring the message must hold anywhere */
    const char *also;
} BrokenCase;

/* Judges one case: the loader returned rc with message msg for the file at path; `extra`
 * (NULL if none) is a loader-specific fault found by the caller. Prints one line per case,
 * and on a failure what came back against what was expected. */
static inline void testbroken_judge(const BrokenCase *bc, const char *path, int rc,
                                    const char *msg, const char *extra)
{
    size_t n = strlen(path);
    const char *why = NULL;
    if (rc != -1)
        why = "it loaded";
    else if (extra)
        why = extra;
    else if (strncmp(msg, path, n) != 0 || strncmp(msg + n, ": ", 2) != 0)
        why = "the message does not start with the file's path";
    else if (!strstr(msg, bc->file))
        why = "the message does not name the file";
    else if (strncmp(msg + n + 2, bc->expect, strlen(bc->expect)) != 0)
        why = "another JSON path or problem";
    else if (bc->also && !strstr(msg, bc->also))
        why = "the message lacks a detail";
    test_checks_++;
    if (!why) {
        printf("  ok   %s\n", bc->file);
        return;
    }
    test_failures_++;
    printf("  FAIL %s: %s\n", bc->file, why);
    fprintf(stderr, "%s: %s\n    got:      %s\n    expected: %s: %s%s%s\n", test_current_,
            bc->file, rc ? msg : "(no error)", path, bc->expect, bc->also ? " ... " : "",
            bc->also ? bc->also : "");
}

#endif

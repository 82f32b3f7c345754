/* clock.c - the cabinet's clock as text (clock.h): days from and to the civil calendar
 * (proleptic Gregorian, UTC), after Howard Hinnant's algorithms. */
#include "clock.h"

#include <stdio.h>

static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int clock_parse(const char *s, int64_t *out)
{
    int y, mo, d, h, mi, se;
    char tail;
    if (sscanf(s, "%4d-%2d-%2d %2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &se, &tail) != 6 || y < 1970 ||
        mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 || h < 0 || mi < 0 || se < 0)
        return -1;
    *out = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
    return 0;
}

void clock_text(int64_t t, char out[24])
{
    int64_t days = t / 86400, sec = t % 86400;
    if (sec < 0) {
        sec += 86400;
        days--;
    }
    /* civil_from_days */
    days += 719468;
    const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const int64_t doe = days - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    const int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    const int64_t y = yoe + era * 400 + (m <= 2);
    snprintf(out, 24, "%04d-%02d-%02d %02d:%02d:%02d", (int)y % 10000, m, d, (int)(sec / 3600),
             (int)(sec / 60 % 60), (int)(sec % 60));
}

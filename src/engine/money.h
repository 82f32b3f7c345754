/* money.h - money is an integer count of minor units (cents). Floating point appears only
 * in reports (RTP, averages), never in an amount that is paid or debited. */
#ifndef SLOTCAB_MONEY_H
#define SLOTCAB_MONEY_H

#include <stdint.h>

typedef int64_t Money; /* minor units, e.g. 250 = 2.50 */

#endif

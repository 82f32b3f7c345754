/* operator.h - the operator menu scene, behind its PIN door. */
#ifndef SLOTCAB_OPERATOR_H
#define SLOTCAB_OPERATOR_H

#include "app.h"

int operator_create(App *a, Scene *out, Error *err);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trim.h - puts a job's engine behind the one that does its trims
 * (trim.c), for jobs that trim; others run their engine directly. */
#ifndef BLKTOP_ENGINE_TRIM_H
#define BLKTOP_ENGINE_TRIM_H

#include "engine/ops.h"

/* Before init: e's engine becomes the inner one of a trimming engine
 * whose init, submit, reap and cleanup take its place. 0 or -ENOMEM. */
int trim_engine_wrap(struct engine *e);

#endif

#ifndef MPP_SHMEMX_H
#define MPP_SHMEMX_H
#include <shmemx.h>
#endif

/* The RedisRateLimiter class. */
#ifndef REDISLOCK_LIMITER_H
#define REDISLOCK_LIMITER_H

#include "php.h"

void redislock_limiter_startup(zend_class_entry *ce);

#endif

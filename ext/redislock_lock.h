/* The RedisLock class. */
#ifndef REDISLOCK_LOCK_H
#define REDISLOCK_LOCK_H

#include "php.h"

void redislock_lock_startup(zend_class_entry *ce);

#endif

/* The RedisSemaphore class. */
#ifndef REDISLOCK_SEMAPHORE_H
#define REDISLOCK_SEMAPHORE_H

#include "php.h"

void redislock_semaphore_startup(zend_class_entry *ce);

#endif

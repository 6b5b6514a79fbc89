/* The RedisQueue class. */
#ifndef REDISLOCK_QUEUE_H
#define REDISLOCK_QUEUE_H

#include "php.h"

/* The most queues one stats() call reads. */
#define REDISLOCK_MAX_STATS 1000

void redislock_queue_startup(zend_class_entry *ce);

#endif

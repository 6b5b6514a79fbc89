/* The RedisQueue class. */
#ifndef REDISLOCK_QUEUE_H
#define REDISLOCK_QUEUE_H

#include "php.h"

void redislock_queue_startup(zend_class_entry *ce);

#endif

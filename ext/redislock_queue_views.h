/* RedisQueue's views of the tasks top() does not list (see
 * redislock_queue_views.c). Each returns with the failure recorded, for the
 * method to throw. */
#ifndef REDISLOCK_QUEUE_VIEWS_H
#define REDISLOCK_QUEUE_VIEWS_H

#include "redislock_queue_int.h"

/* delayed() (in_flight: reserved()) of up to count tasks, appended to list. */
bool redislock_queue_view_pages(redislock_queue_obj *q, const queue_keys *k, bool in_flight, zend_long count,
	zval *list);

#endif

/* RedisQueue's submit() below the class (see redislock_queue_submit.c). */
#ifndef REDISLOCK_QUEUE_SUBMIT_H
#define REDISLOCK_QUEUE_SUBMIT_H

#include "redislock_queue_int.h"

/* submit()'s numbers, mode and key, checked: the mode's index, or -1 after
 * throwing a ValueError naming the argument. */
int redislock_queue_submit_check(double delay, zend_long priority, const zend_string *unique, double unique_for,
	double max_wait, const zend_string *key);

/* submit() of one id, checked, on the queue of keys k: the script's one run, its
 * answer in return_value; false with the failure recorded, for the method to throw. */
bool redislock_queue_submit_run(redislock_queue_obj *q, const queue_keys *k, const zend_string *id,
	const zend_string *payload, double delay, int mode, double unique_for, double max_wait, const zend_string *key,
	zval *return_value);

#endif

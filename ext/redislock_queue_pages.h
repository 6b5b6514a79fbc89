/* RedisQueue's calls that page through, on either layout (see
 * redislock_queue_pages.c). Each returns with the failure recorded, for the
 * method to throw. */
#ifndef REDISLOCK_QUEUE_PAGES_H
#define REDISLOCK_QUEUE_PAGES_H

#include "redislock_queue_int.h"

/* enqueue()'s n items (paired of them with a payload, each followed by it, first):
 * every item's reference goes to a page's command, or is released. */
bool redislock_queue_enqueue_pages(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t n,
	uint32_t paired, double delay, bool replace, double timeout);
/* top() (dead: dead()) of up to count entries, appended to list. */
bool redislock_queue_list_pages(redislock_queue_obj *q, const queue_keys *k, bool dead, zend_long count, const zend_string *cut,
	zval *list);
/* retryDead() (retry) or purgeDead() of all the dead letters: how many, or -1. */
zend_long redislock_queue_dead_pages(redislock_queue_obj *q, const queue_keys *k, bool retry);
/* retryDead() of the n ids of list (each reference released): how many came
 * back, or -1 (the pages before the failure are done). */
zend_long redislock_queue_retry_dead_ids(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t n);
/* The [how many, died_by] answer of a page of retryDead() or purgeDead(). */
bool redislock_queue_dead_page_count(redislock_queue_obj *q, const redisReply *reply, zend_long *count,
	zend_string **died_by);

#endif

/* RedisQueue's stream layout, its replies (see redislock_queue_stream_reply.c). */
#ifndef REDISLOCK_QUEUE_STREAM_REPLY_H
#define REDISLOCK_QUEUE_STREAM_REPLY_H

#include "redislock_queue_int.h"

/* An XREADGROUP reply r over the n queues of keys and names as reserve() returns
 * it (return_value): the tasks of the first queue, in the caller's order, that
 * gave any entries, each reservation renewed by the heartbeat when the watchdog
 * option is on, each added to handed (see q->held); entries that are no task
 * dropped. The other queues' entries were handed back by stream_hand_back, which
 * keeps the same first queue's. 1 + the index of the queue they came from with
 * tasks, 0 with no entries, -2 when that queue's were no task (the others' were
 * handed back: look again), -1 with the failure recorded. */
int redislock_queue_stream_reply(redislock_queue_obj *q, const redisReply *r, queue_keys *keys, zend_string **names,
	uint32_t n, bool listed, zend_long count, double visibility, HashTable *handed, zval *return_value);

#endif

/* RedisQueue's counters below the class (see redislock_queue_counts.c). */
#ifndef REDISLOCK_QUEUE_COUNTS_H
#define REDISLOCK_QUEUE_COUNTS_H

#include "redislock_queue_int.h"

/* The counters' buckets of a run's duration: the upper bounds in seconds, then
 * one more for longer runs (the +Inf bucket). The names the metrics give them
 * follow these bounds; a change of them is a change of the counters' format. */
#define REDISLOCK_QUEUE_BUCKETS 16
extern const double redislock_queue_bucket_bounds[REDISLOCK_QUEUE_BUCKETS];
/* A task reserve() handed out: when, and under which receipt. */
typedef struct {
	double at;
	zend_string *receipt;
} queue_started;

void redislock_queue_started_init(redislock_queue_obj *q);
/* Records when each task of a reserve()'s return value (a task, a list of
 * them, or false) was handed out; name: the queue of tasks that do not say theirs. */
void redislock_queue_started_add(redislock_queue_obj *q, const zval *tasks, zend_string *name);
/* The duration of the run of id that an ack() with receipt ends, when this
 * object reserved it under that receipt: its bucket and µs filled in sample,
 * true. An ack without a receipt is not timed. */
bool redislock_queue_started_ran(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *receipt, queue_sample *sample);
/* A call ended id's reservation (receipt: only when it is the one recorded). */
void redislock_queue_started_end(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *receipt);


/* One reply of the stats script as the array stats() returns for a queue (its
 * state, and its counters as 'counts'); false when it has another shape. */
bool redislock_queue_stats_entry(const redisReply *r, zval *entry);

/* history() of the queue of keys k: its script's one run, the minutes in
 * return_value; false with the failure recorded, for the method to throw. */
bool redislock_queue_history_run(redislock_queue_obj *q, const queue_keys *k, zval *return_value);

#endif

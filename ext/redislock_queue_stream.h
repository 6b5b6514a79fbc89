/* RedisQueue's stream layout, one floor below the class's methods: the receipts
 * of its reservations, the ack deferred to the next reserve() or pop() and the
 * write it shares with them, reserve() as XREADGROUP behind each queue's upkeep
 * script, pop() of the queues on the stream and its wait, and the scripts of the
 * calls on one id. redislock_queue.c calls down into it; it never calls back up. */
#ifndef REDISLOCK_QUEUE_STREAM_H
#define REDISLOCK_QUEUE_STREAM_H

#include "redislock_queue_int.h"

/* A receipt of the stream layout, "<entry id>/<consumer>/<deliveries>", split. */
typedef struct {
	zend_string *eid, *consumer, *deliveries;
} stream_receipt;

/* False for any other receipt (today's "<32 hex>:<k>" has no '/'). */
bool redislock_queue_stream_receipt_parse(const zend_string *receipt, stream_receipt *r);
void redislock_queue_stream_receipt_free(stream_receipt *r);

/* A reservation r of the queue name, ended by a call of this object that the
 * server answered: the object no longer holds it (see q->held). */
void redislock_queue_held_end(redislock_queue_obj *q, const zend_string *name, const stream_receipt *r);

/* What an id call takes after the id. */
typedef enum {
	AFTER_ID_NOTHING,     /* remove(name, id) */
	AFTER_ID_RECEIPT,     /* ack(name, id, ?receipt) */
	AFTER_ID_DELAY,       /* release(name, id, delay = 0, ?receipt) */
	AFTER_ID_VISIBILITY,  /* touch(name, id, visibility, ?receipt) */
	AFTER_ID_FAIL,        /* fail(name, id, ?receipt, ?payload) */
} after_id;

/* The stream layout's script for ack, release, touch or fail of id (r: the
 * receipt's parts, NULL: the current reservation), its arguments built into a. */
const redislock_script *redislock_queue_stream_id_args(redislock_argv *a, after_id after, const queue_keys *k,
	zend_string *id, const stream_receipt *r, double seconds, zend_string *payload);

/* ack(..., defer: true) of the reservation r of id: kept for the next reserve()
 * or pop() (replacing one kept before); the heartbeat renews it until then. */
void redislock_queue_defer_ack(redislock_queue_obj *q, const queue_keys *k, zend_string *name, zend_string *id,
	zend_string *receipt, const stream_receipt *r);
/* Forgets the deferred ack without sending it. */
void redislock_queue_deferred_clear(redislock_queue_obj *q);
/* Whether a deferred ack is kept (one a forked child inherited is forgotten:
 * the child never sends it). */
bool redislock_queue_deferred_kept(redislock_queue_obj *q);
/* Sends a deferred ack on its own: what every call but reserve() and pop() does
 * first. A failed write, or an error reply (READONLY, LOADING ...), keeps it for
 * the next call: it is only forgotten once a reply says it ran (a resent ack
 * that had run answers 0 or -1, harmlessly). */
void redislock_queue_deferred_flush(redislock_queue_obj *q);
/* The object's end and the request's: the last flush; an ack it cannot send is
 * reported (a warning: its task runs again after its visibility). */
void redislock_queue_deferred_final(redislock_queue_obj *q);
/* At the object's end: its consumer leaves the group of each queue it reserved
 * from on the stream layout where it holds nothing (stream_bye); only over an
 * open connection, and never in a forked child that did not reserve. */
void redislock_queue_stream_bye(redislock_queue_obj *q);
/* redislock_queue_run(), with the deferred ack, if any, in the same write. */
redisReply *redislock_queue_run_after_ack(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout);

/* reserve() on the stream layout (see redislock_queue_stream.c): 1 with tasks,
 * 0 with none, 2 when a queue is not on the stream layout, -1 after throwing. */
int redislock_queue_stream_take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n,
	bool listed, zend_long count, double visibility, double wait, zend_long max_attempts);
/* pop() from the queues on the stream layout, once the zset layout had nothing:
 * the stream_pop script's reply, or NULL with the failure recorded. */
redisReply *redislock_queue_stream_pop(redislock_queue_obj *q, const queue_keys *keys, uint32_t n, zend_long count,
	double timeout);
/* Blocks until an entry is added to one of the queues' streams, or seconds pass. */
zend_result redislock_queue_stream_wait(redislock_queue_obj *q, queue_keys *keys, uint32_t n, double seconds);

#endif

/* RedisQueue's table of operations: how a queue's tasks are stored and read,
 * one table for the sorted-set layout (redislock_queue_zset.c) and one for the
 * stream layout (redislock_queue_stream.c). The methods call only through it;
 * which table a call takes ('auto', the queue_layout option) is chosen in one
 * place, the class's layout_for(). */
#ifndef REDISLOCK_QUEUE_LAYOUT_H
#define REDISLOCK_QUEUE_LAYOUT_H

#include "redislock_queue_int.h"

/* What a pop() or reserve() asks for. */
typedef struct {
	zend_string **names;     /* the queues, in order of preference */
	uint32_t n;
	bool listed;             /* given as a list: each task says its queue */
	zend_long count;         /* 1: one task or false; more: a list */
	double visibility;       /* reserve(): seconds before a reservation lapses */
	double timeout;          /* pop(): the read timeout of its scripts */
	double wait;             /* seconds to block for a task */
	zend_long max_attempts;  /* reserve(): reservations before a task is dead; 0: no limit */
} queue_take;

/* What an id call takes after the id. */
typedef enum {
	AFTER_ID_NOTHING,     /* remove(name, id) */
	AFTER_ID_RECEIPT,     /* ack(name, id, ?receipt) */
	AFTER_ID_DELAY,       /* release(name, id, delay = 0, ?receipt) */
	AFTER_ID_VISIBILITY,  /* touch(name, id, visibility, ?receipt) */
	AFTER_ID_FAIL,        /* fail(name, id, ?receipt, ?payload) */
} after_id;

/* An id call, once its arguments are checked. */
typedef struct {
	after_id after;
	zend_string *name;
	zend_string *id;
	zend_string *receipt;    /* NULL: the current reservation */
	double seconds;          /* release()'s delay, touch()'s visibility */
	zend_string *payload;    /* fail()'s, or NULL */
	bool defer;              /* ack(..., defer: true) */
	queue_sample sample;     /* ack(): what it counts once the server confirms it (failed, or its duration) */
	zend_string *packed;     /* ack(): the sample as the ack's script counts it itself ('p', 'f', '<bucket>:<µs>'), or NULL: kept */
	const queue_keys *keys;
} queue_id_call;

/* How an id call went on a layout. */
typedef enum {
	QUEUE_ID_FAILED = -1, /* the failure recorded, for the method to throw */
	QUEUE_ID_NO,          /* answered: not done (not in flight, another reservation...) */
	QUEUE_ID_YES,         /* answered: done */
	QUEUE_ID_ELSEWHERE,   /* the id is not on this layout: ask the other one */
	QUEUE_ID_KEPT,        /* a deferred ack, kept for the next reserve() or pop() */
} queue_id_outcome;

struct _queue_layout;
typedef struct _queue_layout queue_layout;

/* What a queue's storage does for the methods. Nothing here throws but take()
 * and pop(), which end the method's call (return_value set, or thrown). */
struct _queue_layout {
	/* reserve() of the queues: 1 with tasks, 0 with none (return_value set
	 * either way), 2 when a queue is not on this layout (nothing taken,
	 * return_value untouched), -1 after throwing. Each layout's upkeep runs
	 * here, before the read: the zset layout puts back the tasks of its lost
	 * calls; the stream layout puts back its lost deliveries, runs each queue's
	 * upkeep script (due ids promoted, lapsed reservations settled), sends the
	 * deferred ack in the read's write and hands back what a read over several
	 * queues took of the others. */
	int (*take)(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, const queue_take *t);
	/* pop() of the queues, waiting up to t->wait. NULL on the stream layout: a
	 * pop() always starts with the zset layout's take script, which reads the
	 * sorted sets of all the queues and says when some are on streams; it reaches
	 * those through pop_page and wait below. */
	void (*pop)(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, const queue_take *t);
	/* One page of pop() from those of the queues on this layout: the script's
	 * reply ([0, hint] when none had a task), or NULL with the failure recorded.
	 * NULL on the zset layout (its page is the take script). */
	redisReply *(*pop_page)(redislock_queue_obj *q, const queue_keys *keys, uint32_t n, zend_long count, double timeout,
		bool upkeep);
	/* Blocks until a task may have come to one of the queues on this layout, or
	 * seconds pass. NULL on the zset layout (its wait is the take's BLPOP). */
	zend_result (*wait)(redislock_queue_obj *q, queue_keys *keys, uint32_t n, double seconds);
	/* ack, release, touch, fail or remove of one id. */
	queue_id_outcome (*id_call)(redislock_queue_obj *q, const queue_id_call *c);
	const char *name;        /* the layout's name, as migrate() reports it */
};

/* The sorted sets: the layout of a queue whose stream does not exist. */
extern const queue_layout queue_layout_zset;
/* A stream with a consumer group: the layout migrate() moves a queue onto. */
extern const queue_layout queue_layout_stream;

#endif

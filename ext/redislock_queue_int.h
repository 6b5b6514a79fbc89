/* RedisQueue's private declarations, below the class's files: the object, a
 * queue's keys, the argument and reply helpers of redislock_queue_tasks.c, and
 * what redislock_queue_common.c gives the methods and the stream layout alike. */
#ifndef REDISLOCK_QUEUE_INT_H
#define REDISLOCK_QUEUE_INT_H

#include "redislock_conn.h"
#include "redislock_object.h"
#include "redislock_renewal.h"
#include "redislock_scripts.h"

/* The most a payload may be, and the most the payloads of one enqueue() may be in
 * all (Redis takes up to 512 MB in one argument; a queue entry is not a blob store). */
#define REDISLOCK_MAX_PAYLOAD (16 * 1024 * 1024)
#define REDISLOCK_MAX_PAYLOADS (64 * 1024 * 1024)

/* The most members one queue script reads or changes, whatever the size of the
 * queue or of the call: a script never blocks the server for long (about 15 ms for
 * a page of reservations). A call asking for more (a count, a list of ids, all
 * the dead letters) pages through, one script per page: each page is atomic, the
 * call as a whole is not. PAGE in ext/lua/common/page.lua is the same number and
 * caps every script. */
#define REDISLOCK_QUEUE_PAGE 250

typedef struct _redislock_queue_obj {
	REDISLOCK_OBJECT_BASE;   /* first: the connection and the prefix (redislock_object.h) */
	zend_long max_attempts;  /* reservations before a task is dead; 0: no limit */
	double retry_backoff;    /* seconds before an expired reservation is due again, doubled per attempt */
	/* The heartbeat (the watchdog option): "<name's length>:<name><id>" (bytes) of
	 * each reservation this object holds -> its watchdog entry, tagged with the
	 * receipt it renews. */
	redislock_renewal_table beats;
	redislock_renewal renewal; /* where renewals go, and the fork generation of the beats */
	bool no_migrate;         /* queue_layout "zset": migrate() onto the stream is refused */
	zend_string *consumer;   /* the stream layout's consumer name: 32 hex digits, made on first use */
	redislock_generation consumer_generation; /* redislock_fork_generation when it was made: a child makes its own */
	bool consumer_full;      /* held reached its bound: the next reserve() starts a new consumer */
	uint32_t reader_generation; /* of the reader consumer of reads over several queues, bumped after a failure */
	/* The reservations of the consumer this object handed to its caller, each
	 * "<name's length>:<name><entry id>", until a call of this object ended it:
	 * an entry of the consumer not in here was never handed over. */
	HashTable held;
	/* The queues (name -> NULL) where a reserve() failed after its read was sent:
	 * the entries it delivered and lost go back, uncounted, at the next reserve()
	 * of the queue (the stream_lost script). */
	HashTable lost;
	/* The reserve() calls on the zset layout whose reply was lost: receipt base ->
	 * lost_take, put back, uncounted, by the next reserve() (reserve_lost). */
	HashTable lost_takes;
	/* The stream layout's queues this object reserved from: name -> when it last
	 * ran their upkeep script (redislock_now()) and the visibility it sent. */
	HashTable streams;
	/* A deferred ack (ack(..., defer: true)): sent in the same write as the next
	 * reserve() or pop(), flushed first by anything else; kept until a reply says
	 * it ran (a failed write, a lost or refused reply keep it). */
	bool deferred;
	redislock_argv deferred_ack;
	zend_string *deferred_name, *deferred_id, *deferred_receipt;
	redislock_generation deferred_generation; /* redislock_fork_generation when it was kept */
	zend_object std;
} redislock_queue_obj;

/* A reserve() on the zset layout whose reply was lost: when it was sent
 * (redislock_now()), the visibility it asked for, and its queues. */
typedef struct {
	double sent;
	double visibility;
	uint32_t n;
	zend_string **names;
	uint32_t at;             /* the queue whose window the walk is in */
	zend_string *cursor;     /* the score it goes on after there (NULL: from the start) */
} lost_take;

/* The six keys of one queue, in the order the scripts take them. */
typedef struct {
	zend_string *queue;
	zend_string *inflight;
	zend_string *wakeup;
	zend_string *meta;
	zend_string *dead;
	zend_string *payloads;
	zend_string *stream;     /* S: the stream layout's ready and in-flight tasks */
	zend_string *index;      /* X: id -> entry id of the tasks in S */
	zend_string *settings;   /* M: the queue's settings (visibility, max attempts, backoff) */
	zend_string *deadlines;  /* L: entry id -> when its reservation may have lapsed (ms) */
	zend_string *spare;      /* Q: payloads by reference that P cannot hold (a run parked behind another of its id) */
} queue_keys;

/* The six keys of a queue, as every queue script's builder takes them first. */
#define QUEUE_KEYS(k) (k).queue, (k).inflight, (k).wakeup, (k).meta, (k).dead, (k).payloads
/* All ten, as the scripts that see both layouts take them. */
#define QUEUE_ALL_KEYS(k) QUEUE_KEYS(k), (k).stream, (k).index, (k).settings, (k).spare

void redislock_queue_keys_init(queue_keys *k, const zend_string *prefix, const zend_string *name);
void redislock_queue_keys_free(queue_keys *k);

bool redislock_queue_check_count(zend_long count, uint32_t arg_num);
zend_string *redislock_queue_task_id(zend_string *str, zend_long lval, uint32_t arg_num);
bool redislock_queue_ids_check(zval *ids, uint32_t arg_num, bool nullable, zend_string **one_str, zend_long *one_long);
zend_string **redislock_queue_ids_list(zval *ids, zend_string *one_str, zend_long one_long, uint32_t *n);
/* enqueue()'s items: the ids that carry a payload, each followed by it, then the
 * others; *paired: how many carry one. NULL after throwing (a payload too long,
 * of the wrong type, or for an id not enqueued). */
zend_string **redislock_queue_items(zval *ids, zend_string *one_str, zend_long one_long, zval *payload,
	uint32_t arg_num, uint32_t *n, zend_long *paired);

/* A reply of tasks, or of dead letters, as the methods return it; false when it
 * has another shape (recorded on conn as an unexpected reply, for the method to
 * throw). */
bool redislock_queue_tasks_to_return(redislock_conn *conn, const redisReply *reply, size_t offset, bool reserve,
	zend_string **names, uint32_t n_names, zend_long count, zval *return_value);
void redislock_queue_empty_result(zend_long count, zval *return_value);
bool redislock_queue_dead_to_return(redislock_conn *conn, const redisReply *reply, zval *return_value);

/* ---- redislock_queue_common.c ---- */

/* A method's end after an argument error (thrown already) or a failed call: the
 * base's one throw of the failure the call recorded (redislock_object_throw()).
 * q may be NULL, or not constructed (that threw). */
void redislock_queue_fail(const redislock_queue_obj *q);
#define QUEUE_FAILED(q) do { redislock_queue_fail(q); RETURN_THROWS(); } while (0)

/* Runs the call: its reply, which the caller frees, or NULL with the failure
 * recorded (an error reply too). */
redisReply *redislock_queue_run(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout);

/* The heartbeat. A reservation's key in q->beats: see redislock_queue_beat_key(). */
zend_string *redislock_queue_beat_key(const zend_string *name, const char *id, size_t id_len);
/* A forked child renews nothing of its parent's, and never stops it either. */
void redislock_queue_beats_forget_parent(redislock_queue_obj *q);
/* Stops the heartbeat of id; with only_receipt, only when it renews that reservation. */
void redislock_queue_beat_stop(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *only_receipt);
void redislock_queue_beats_stop_all(redislock_queue_obj *q);
/* With the watchdog option, renews each reservation of a reserve() reply of the
 * zset layout from since on. */
void redislock_queue_beats_start(redislock_queue_obj *q, const redisReply *reply, zend_string **names,
	double visibility, double since);

#endif

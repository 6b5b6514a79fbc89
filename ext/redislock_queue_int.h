/* RedisQueue's private declarations, below the class's files: the object, a
 * queue's keys, the argument and reply helpers of redislock_queue_tasks.c, and
 * what redislock_queue_common.c gives the methods and both layouts alike. */
#ifndef REDISLOCK_QUEUE_INT_H
#define REDISLOCK_QUEUE_INT_H

#include "redislock_conn.h"
#include "redislock_object.h"
#include "redislock_renewal.h"
#include "redislock_runner.h"
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

/* An ack as the counters take it: acked as failed (ack(failed: true)), or done,
 * timed (bucket 0 .. REDISLOCK_QUEUE_BUCKETS, with its µs: the run's duration,
 * reserve to ack, by this object's clock) or not (bucket -1). */
typedef struct {
	bool failed;
	int bucket;
	zend_long micros;
} queue_sample;

/* The counts of the acks the server confirmed, kept by the object for one queue
 * until they are sent (count_add): p, f, s (µs), then one per bucket, as
 * ext/lua/queue/count_add.lua takes them; since: when the first was kept. */
#define QUEUE_PENDING_FIELDS (3 + 17)
typedef struct {
	zend_long v[QUEUE_PENDING_FIELDS];
	double since;
} queue_pending;

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
	/* When this object's reserve() handed each task out (redislock_now()), for
	 * the duration an ack() counts: "<name's length>:<name><id>" -> its
	 * queue_started, at most REDISLOCK_QUEUE_STARTED (the oldest go first). */
	HashTable started;
	/* The counts of the acks the server confirmed, by queue name (queue_pending),
	 * sent at most once a second in a write the object makes anyway (see
	 * redislock_queue_pending_take()); a forked child's are its own, from none. */
	HashTable pending;
	redislock_generation pending_generation;
	double snapshot_at;      /* when a reserve() of the zset layout last asked for the minute's snapshot */
	double carried_at;       /* when an ack's script last counted its run itself (redislock_queue_carry_due()) */
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
	queue_sample deferred_sample; /* what the deferred ack counts once a reply says it ran */
	bool deferred_carried;   /* its script counts it itself (packed): nothing to keep */
	zend_string *deferred_name, *deferred_id, *deferred_receipt;
	redislock_generation deferred_generation; /* redislock_fork_generation when it was kept */
	/* pop() of one queue: the queue the last such pop() was of, the layout it
	 * found there (a queue_pop_guess), since when (redislock_now()), and when it
	 * last asked stream_pop to settle lapsed reservations. A wrong guess costs one
	 * more script, never a wrong answer: each script says when the queue is not
	 * in the state it serves. */
	zend_string *pop_name;
	int pop_guess;
	double pop_since, pop_upkeep;
	zend_object std;
} redislock_queue_obj;

/* An entry of q->streams: when this object last ran the queue's upkeep on the
 * stream layout, and the visibility it sent. */
typedef struct {
	double at;
	double visibility;
	zend_long queue_ms;      /* the queue's visibility (ms) the upkeep answered */
	double next_expiry;      /* when the first reservation made since then may expire (redislock_now()) */
	zend_long max_attempts;  /* the max attempts it sent (the queue's setting, last writer wins) */
} stream_state;

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

/* The fourteen keys of one queue: the zset layout's six first, in the order its
 * scripts take them, then the stream layout's five, then the pause's. */
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
	zend_string *paused;     /* G: exists while the queue is paused (until its expiry, or resume()) */
	zend_string *keyed;      /* K: submit()'s uniqueness keys and the ids holding them */
	zend_string *counts;     /* C: the queue's counters (runs acked, failed, released, lapsed, dead; durations) */
} queue_keys;

/* The zset layout's six keys of a queue, as its scripts' builders take them first. */
#define QUEUE_KEYS(k) (k).queue, (k).inflight, (k).wakeup, (k).meta, (k).dead, (k).payloads
/* Those six, then S, X, M and Q: the ten the scripts that see both layouts take
 * first (the deadline index L, when one needs it, comes after). */
#define QUEUE_ALL_KEYS(k) QUEUE_KEYS(k), (k).stream, (k).index, (k).settings, (k).spare

void redislock_queue_keys_init(queue_keys *k, const redislock_object *o, const zend_string *name);
void redislock_queue_keys_free(queue_keys *k);

bool redislock_queue_check_count(zend_long count, uint32_t arg_num);
/* The queue names of pop() and reserve(): one, or a list of distinct non-empty
 * strings in order of preference, all of one slot on a cluster. Fills *names
 * (borrowed strings, emalloc'd array) and returns how many, or 0 after throwing. */
uint32_t redislock_queue_names(const redislock_object *o, zend_string *one, HashTable *many,
	zend_string ***names);
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

/* A receipt of the stream layout, "<entry id>/<consumer>/<deliveries>", split. */
typedef struct {
	zend_string *eid, *consumer, *deliveries;
} stream_receipt;

/* False for any other receipt (the zset layout's "<32 hex>:<k>" has no '/'). */
bool redislock_queue_stream_receipt_parse(const zend_string *receipt, stream_receipt *r);
void redislock_queue_stream_receipt_free(stream_receipt *r);

/* A reservation r of the queue name, ended by a call of this object that the
 * server answered: the object no longer holds it (see q->held). */
void redislock_queue_held_end(redislock_queue_obj *q, const zend_string *name, const stream_receipt *r);


/* The most reservations whose start an object keeps for their durations
 * (redislock_queue_counts.h). */
#define REDISLOCK_QUEUE_STARTED 4096

/* The stream_ack script of id's reservation r (NULL: the current one). */
/* The stream_ack script of id's reservation r (NULL: the current one); packed:
 * the run's count, when the script counts it itself (NULL: the object keeps it). */
void redislock_queue_stream_ack_args(redislock_argv *a, const queue_keys *k, zend_string *id, const stream_receipt *r,
	const zend_string *packed);

/* ack(..., defer: true) of the reservation r of id: kept for the next reserve()
 * or pop() (replacing one kept before); the heartbeat renews it until then. */
void redislock_queue_defer_ack(redislock_queue_obj *q, const queue_keys *k, zend_string *name, zend_string *id,
	zend_string *receipt, const stream_receipt *r, const queue_sample *sample, const zend_string *packed);
/* ---- the counts of the acks a worker confirmed ---- */

void redislock_queue_pending_init(redislock_queue_obj *q);
/* Counts an ack the server confirmed (answered 1) for queue name. */
void redislock_queue_pending_add(redislock_queue_obj *q, zend_string *name, const queue_sample *sample);
/* The count_add scripts of the queues names (their keys, n of them) whose counts are due
 * (kept for a second or more): each built in argvs[i] and put in
 * cmds, at most n; their counts are forgotten here (a send whose reply is lost
 * is not sent again: a count is never added twice). Returns how many. */
uint32_t redislock_queue_pending_take(redislock_queue_obj *q, zend_string *const *names, const queue_keys *keys,
	uint32_t n, redislock_argv *argvs, redislock_pipe_cmd *cmds);
/* Whether a reserve() of the zset layout asks its take script to look at the
 * minute's snapshot of its queues' counters: once a second per object. */
bool redislock_queue_snapshot_due(redislock_queue_obj *q);
/* Whether an ack of this object counts its run in its own script rather than
 * keeping it: when none did for a second (so that a process that acks one job
 * and ends sends no count of its own; a worker does so once a second). */
bool redislock_queue_carry_due(redislock_queue_obj *q);
/* Whether the object keeps counts not sent yet. */
bool redislock_queue_pending_due(redislock_queue_obj *q);
/* Sends the counts kept of the queues names (n of them), due or not, each in a
 * call of its own: what stats() and history() do first, so that a process reads
 * its own acks. */
void redislock_queue_pending_send(redislock_queue_obj *q, zend_string *const *names, uint32_t n);
/* Sends the counts of every queue, each in a call of its own (the object's end). */
void redislock_queue_pending_final(redislock_queue_obj *q);

/* Forgets the deferred ack without sending it. */
void redislock_queue_deferred_clear(redislock_queue_obj *q);
/* Whether a deferred ack is kept (one a forked child inherited is forgotten:
 * the child never sends it). */
bool redislock_queue_deferred_kept(redislock_queue_obj *q);
/* The deferred ack's reply came (freed here): an error reply keeps the ack for
 * the next call; any other answer ends it, and its reservation's heartbeat. */
void redislock_queue_deferred_answered(redislock_queue_obj *q, redisReply *reply);
/* Sends a deferred ack on its own: what every call but reserve() and pop() does
 * first. A failed write, or an error reply (READONLY, LOADING ...), keeps it for
 * the next call: it is only forgotten once a reply says it ran (a resent ack
 * that had run answers 0 or -1, harmlessly). */
void redislock_queue_deferred_flush(redislock_queue_obj *q);
/* The object's end and the request's: the last flush; an ack it cannot send is
 * reported (a warning: its task runs again after its visibility). */
void redislock_queue_deferred_final(redislock_queue_obj *q);
/* redislock_queue_run(), with the deferred ack, if any, in the same write, and
 * the counts due of the queues names (their keys, n of them; none when keys is NULL). */
redisReply *redislock_queue_run_after_ack(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout, zend_string *const *names, const queue_keys *keys, uint32_t n);

/* The stream layout's renewal of id's reservation r (NULL: the current one) to
 * visibility: the owner-checked touch (stream_touch). */
void redislock_queue_stream_touch_args(redislock_argv *a, const queue_keys *k, const zend_string *id, const stream_receipt *r,
	double visibility);
/* With the watchdog option, renews a reservation of the stream layout every
 * visibility / 3 by the owner-checked touch (XCLAIM JUSTID: never an attempt). */
void redislock_queue_stream_beat_start(redislock_queue_obj *q, const queue_keys *k, const zend_string *name, zend_string *id,
	zend_string *receipt, double visibility, double since);
/* At the object's end: its consumer leaves the group of each queue it reserved
 * from on the stream layout where it holds nothing (stream_bye); only over an
 * open connection, and never in a forked child that did not reserve. */
void redislock_queue_stream_bye(redislock_queue_obj *q);

#endif

/* What the watchdog's files share, below its header: a target's and an entry's
 * insides, the mutex that guards them, the table's operations (in
 * redislock_watchdog_table.c) and the renewal of a batch (in
 * redislock_watchdog_renew.c). The threads and the public calls
 * (redislock_watchdog.c) sit on top; nothing here calls up into them. No Zend API. */
#ifndef REDISLOCK_WATCHDOG_INT_H
#define REDISLOCK_WATCHDOG_INT_H

#include "redislock_watchdog.h"
#include <pthread.h>

struct _redislock_wd_target {
	redislock_wd_mode mode;
	char *host;
	long port;
	char *socket_path;
	char **sentinels;
	uint32_t sentinel_count;
	char *service;
	bool tls;
	redislock_tls_settings tls_settings;   /* strings owned */
	char *user;
	char *password;
	long long database;
	double connect_timeout;
	double read_timeout;
	redislock_link *link;     /* used by the worker that renews an entry of it, only */
	uint32_t refs;            /* the object's reference and one per entry */
	/* A worker is renewing entries of this target (on its link): no other worker
	 * takes one of its entries meanwhile. Counts only in the process that set it:
	 * a forked child has no workers. */
	bool busy;
	redislock_generation busy_generation;
	/* Its entries waiting for their next renewal, a min-heap by next; and its
	 * place in the heap of targets (by the next renewal of any of its entries),
	 * NOT_QUEUED while it has none waiting or is busy. */
	struct _wd_entry **heap;
	size_t heap_len, heap_cap;
	size_t queued_at;
	/* Every target of the process, for a forked child to reset. */
	struct _redislock_wd_target *prev_target, *next_target;
};

#define NOT_QUEUED ((size_t) -1)

typedef struct _wd_entry {
	uint64_t id;
	redislock_wd_target *target;
	int argc;
	char **argv;              /* argv[0] "EVALSHA", argv[1] the SHA1 */
	size_t *lens;
	char *body;               /* for EVAL after NOSCRIPT */
	int life_arg;             /* argv[life_arg]: the lifetime a renewal gives, in ms (0: none); with
	                           * server_bound, the bound its first renewal sets if none is set */
	bool server_bound;        /* the server keeps the bound: the reply is the lifetime given, -1 past it */
	bool first_pending;       /* server_bound: no renewal has answered yet */
	double period;            /* lease / 3 */
	double lease;
	double next;              /* when to renew next */
	double lease_end;         /* the hold lasts until then without another renewal */
	double hold_end;          /* max_hold */
	long long given;          /* server_bound: the ms the last renewal gave */
	redislock_wd_state state;
	bool busy;                /* the thread is renewing it, outside the mutex */
	bool removed;             /* removed while busy: the thread frees it */
	size_t heap_at;           /* its place in its target's heap, NOT_QUEUED when not there */
	struct _wd_entry *hash_next;
} wd_entry;

/* The most entries of one target renewed in one round trip. */
#define WD_BATCH 512

/* What a renewal answered. */
#define WD_RENEWED 1
#define WD_GONE 0
#define WD_RETRY -1      /* no answer: the link is closed, the next try connects again */
#define WD_REFUSED -2    /* the server answered with an error it will give again */
#define WD_ENDED -3      /* server_bound: the bound passed, or the watch was ended */

/* Guards the table, the heaps, the targets' and the entries' fields; a busy
 * target's link and a busy entry's command are its worker's alone meanwhile. */
extern pthread_mutex_t wd_mutex;

/* ---- the table (redislock_watchdog_table.c), every call under the mutex ---- */

/* A new entry with copies of the renewal command and its body, in no table and
 * of no target; NULL when memory runs out. */
wd_entry *wd_entry_new(int argc, const char *const *argv, const size_t *lens, const char *body);
/* Frees e, and drops its target's reference when it has one. */
void wd_entry_free(wd_entry *e);
void wd_target_unref(redislock_wd_target *t);

/* Gives e the next id and puts it in the table, and in its target's heap; false
 * (e in neither) when memory runs out. */
bool wd_entry_add(wd_entry *e);
wd_entry *wd_entry_find(uint64_t id);
/* Unlinks e from the table and from its target's heap. */
void wd_entry_unlink(wd_entry *e);
/* e is no longer renewed (lost, or past its bound). */
void wd_entry_settle(wd_entry *e, redislock_wd_state state);
/* Puts e in its target's heap (it is renewed at e->next), or takes it out. */
bool wd_entry_enqueue(wd_entry *e);
void wd_entry_dequeue(wd_entry *e);

/* The target whose next renewal is the soonest (NULL: none waits), and when. */
redislock_wd_target *wd_target_first(void);
double wd_target_due(const redislock_wd_target *t);
void wd_target_dequeue(redislock_wd_target *t);
/* Puts t in the heap of targets, or moves it to its place there, when it has
 * entries waiting and no worker renews there. False when memory runs out. */
bool wd_target_requeue(redislock_wd_target *t);

/* How many entries are in state RENEWING. */
uint32_t wd_renewing_count(void);
/* A forked child: the table is emptied without freeing the parent's entries. */
void wd_table_abandon(void);
/* Shutdown: every entry is freed, and the heap of targets. */
void wd_table_free(void);

/* ---- renewals (redislock_watchdog_renew.c), outside the mutex ---- */

/* Renews the n entries of batch (one target, busy), pipelined in one round trip;
 * result[i] is a WD_ code. */
void wd_renew_batch(redislock_wd_target *t, wd_entry **batch, int n, double started, int *result);

#endif

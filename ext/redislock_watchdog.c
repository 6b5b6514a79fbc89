/* The watchdog's threads: renew registered holds. No Zend API (see the header). */
#include "redislock_watchdog.h"
#include "redislock_cluster.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The renewals are made by up to WD_MAX_WORKERS threads, started as they are
 * needed: whenever a worker takes a renewal and no other one is idle, another is
 * started (the first with the first entry). A server that does not answer holds
 * up the worker renewing there until its read timeout, but the holds on other
 * servers are renewed by the others meanwhile; the entries of one target, which
 * share a link, are renewed by one worker at a time, every due one of them in
 * one round trip (WD_BATCH at most, the commands pipelined). Of the idle
 * workers, one sleeps until the next renewal is due (wd_wake_at); the others
 * sleep until woken.
 *
 * Every step costs O(log n) in the number of entries: they are found by id in a
 * hash table, and picked from heaps by due time (one heap per target, and one of
 * the targets by their earliest entry). */
#define WD_MAX_WORKERS 8
#define WD_BATCH 512
/* A renewal due within this much of now goes with the ones due now (at most a
 * quarter of its period early): fewer, fuller round trips. */
#define WD_AHEAD 0.02

static pthread_mutex_t wd_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond;
static pthread_cond_t wd_done;  /* broadcast when a renewal is over (redislock_wd_remove_wait) */
static pthread_t wd_threads[WD_MAX_WORKERS];
static int wd_workers;      /* started in this process */
static int wd_idle;         /* waiting for work */
static double wd_wake_at;   /* an idle worker wakes then for the next renewal (0: none) */
static bool wd_started;     /* the first worker runs in this process */
static bool wd_stop;
static uint64_t wd_next_id = 1;
static uint32_t wd_count;
static uint32_t wd_renewing; /* entries in state RENEWING */
static wd_entry **wd_buckets; /* id => entry, chained through hash_next */
static size_t wd_nbuckets;
static redislock_wd_target **wd_targets; /* the heap of targets with entries waiting */
static size_t wd_targets_len, wd_targets_cap;
static redislock_wd_target *wd_all_targets; /* every target, linked */
/* A forked child's copies of its parents' tables of entries: never freed, never
 * touched (see fork_child()), kept only so that they stay reachable. */
static wd_entry ***wd_abandoned;
static size_t wd_abandoned_len;

/* ---- targets ---------------------------------------------------------------- */

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

redislock_wd_target *redislock_wd_target_new(const redislock_wd_settings *s)
{
	redislock_wd_target *t = calloc(1, sizeof(*t));
	if (!t) {
		return NULL;
	}
	t->mode = s->mode;
	t->host = dup_or_null(s->host);
	t->port = s->port;
	t->socket_path = dup_or_null(s->socket_path);
	if (s->sentinel_count) {
		t->sentinels = calloc(s->sentinel_count, sizeof(*t->sentinels));
		if (t->sentinels) {
			t->sentinel_count = s->sentinel_count;
			for (uint32_t i = 0; i < s->sentinel_count; i++) {
				t->sentinels[i] = dup_or_null(s->sentinels[i]);
			}
		}
	}
	t->service = dup_or_null(s->service);
	t->tls = s->tls;
	t->tls_settings.cafile = dup_or_null(s->tls_settings.cafile);
	t->tls_settings.capath = dup_or_null(s->tls_settings.capath);
	t->tls_settings.local_cert = dup_or_null(s->tls_settings.local_cert);
	t->tls_settings.local_pk = dup_or_null(s->tls_settings.local_pk);
	t->tls_settings.peer_name = dup_or_null(s->tls_settings.peer_name);
	t->tls_settings.verify_peer = s->tls_settings.verify_peer;
	t->tls_settings.verify_peer_name = s->tls_settings.verify_peer_name;
	t->user = dup_or_null(s->user);
	t->password = dup_or_null(s->password);
	t->database = s->database;
	t->connect_timeout = s->connect_timeout;
	t->read_timeout = s->read_timeout;
	t->refs = 1;
	t->queued_at = NOT_QUEUED;
	pthread_mutex_lock(&wd_mutex);
	t->next_target = wd_all_targets;
	if (wd_all_targets) {
		wd_all_targets->prev_target = t;
	}
	wd_all_targets = t;
	pthread_mutex_unlock(&wd_mutex);
	return t;
}

/* Under the mutex. */
static void target_free(redislock_wd_target *t)
{
	if (t->prev_target) {
		t->prev_target->next_target = t->next_target;
	} else {
		wd_all_targets = t->next_target;
	}
	if (t->next_target) {
		t->next_target->prev_target = t->prev_target;
	}
	if (t->link) {
		redislock_link_free(t->link);
	}
	free(t->host);
	free(t->socket_path);
	for (uint32_t i = 0; i < t->sentinel_count; i++) {
		free(t->sentinels[i]);
	}
	free(t->sentinels);
	free(t->service);
	free((char *) t->tls_settings.cafile);
	free((char *) t->tls_settings.capath);
	free((char *) t->tls_settings.local_cert);
	free((char *) t->tls_settings.local_pk);
	free((char *) t->tls_settings.peer_name);
	free(t->user);
	free(t->password);
	free(t->heap);
	free(t);
}

/* Under the mutex. */
static void target_unref(redislock_wd_target *t)
{
	if (--t->refs == 0) {
		target_free(t);
	}
}

void redislock_wd_target_release(redislock_wd_target *t)
{
	if (!t) {
		return;
	}
	pthread_mutex_lock(&wd_mutex);
	target_unref(t);
	pthread_mutex_unlock(&wd_mutex);
}

/* ---- entries ----------------------------------------------------------------- */

static void entry_free(wd_entry *e)
{
	for (int i = 0; i < e->argc; i++) {
		free(e->argv[i]);
	}
	free(e->argv);
	free(e->lens);
	free(e->body);
	target_unref(e->target);
	free(e);
}

/* ---- the heaps (under the mutex) ------------------------------------------------ */

static double target_due(const redislock_wd_target *t)
{
	return t->heap[0]->next;
}

static void entry_swap(wd_entry **heap, size_t i, size_t j)
{
	wd_entry *x = heap[i];
	heap[i] = heap[j];
	heap[j] = x;
	heap[i]->heap_at = i;
	heap[j]->heap_at = j;
}

static void entry_sift(wd_entry **heap, size_t len, size_t i)
{
	while (i > 0 && heap[i]->next < heap[(i - 1) / 2]->next) {
		entry_swap(heap, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < len && heap[l]->next < heap[m]->next) {
			m = l;
		}
		if (r < len && heap[r]->next < heap[m]->next) {
			m = r;
		}
		if (m == i) {
			return;
		}
		entry_swap(heap, i, m);
		i = m;
	}
}

static void target_swap(size_t i, size_t j)
{
	redislock_wd_target *x = wd_targets[i];
	wd_targets[i] = wd_targets[j];
	wd_targets[j] = x;
	wd_targets[i]->queued_at = i;
	wd_targets[j]->queued_at = j;
}

static void target_sift(size_t i)
{
	while (i > 0 && target_due(wd_targets[i]) < target_due(wd_targets[(i - 1) / 2])) {
		target_swap(i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < wd_targets_len && target_due(wd_targets[l]) < target_due(wd_targets[m])) {
			m = l;
		}
		if (r < wd_targets_len && target_due(wd_targets[r]) < target_due(wd_targets[m])) {
			m = r;
		}
		if (m == i) {
			return;
		}
		target_swap(i, m);
		i = m;
	}
}

static void target_dequeue(redislock_wd_target *t)
{
	size_t i = t->queued_at;
	if (i == NOT_QUEUED) {
		return;
	}
	t->queued_at = NOT_QUEUED;
	if (i != --wd_targets_len) {
		wd_targets[i] = wd_targets[wd_targets_len];
		wd_targets[i]->queued_at = i;
		target_sift(i);
	}
}

/* Puts t in the heap of targets, or moves it to its place there, when it has
 * entries waiting and no worker renews there. False when memory runs out. */
static bool target_requeue(redislock_wd_target *t)
{
	if (t->heap_len == 0 || t->busy) {
		target_dequeue(t);
		return true;
	}
	if (t->queued_at != NOT_QUEUED) {
		target_sift(t->queued_at);
		return true;
	}
	if (wd_targets_len == wd_targets_cap) {
		size_t cap = wd_targets_cap ? wd_targets_cap * 2 : 16;
		redislock_wd_target **grown = realloc(wd_targets, cap * sizeof(*grown));
		if (!grown) {
			return false;
		}
		wd_targets = grown;
		wd_targets_cap = cap;
	}
	t->queued_at = wd_targets_len;
	wd_targets[wd_targets_len++] = t;
	target_sift(t->queued_at);
	return true;
}

/* Puts e in its target's heap (it is renewed at e->next). */
static bool entry_enqueue(wd_entry *e)
{
	redislock_wd_target *t = e->target;
	if (t->heap_len == t->heap_cap) {
		size_t cap = t->heap_cap ? t->heap_cap * 2 : 8;
		wd_entry **grown = realloc(t->heap, cap * sizeof(*grown));
		if (!grown) {
			return false;
		}
		t->heap = grown;
		t->heap_cap = cap;
	}
	e->heap_at = t->heap_len;
	t->heap[t->heap_len++] = e;
	entry_sift(t->heap, t->heap_len, e->heap_at);
	return target_requeue(t);
}

static void entry_dequeue(wd_entry *e)
{
	redislock_wd_target *t = e->target;
	size_t i = e->heap_at;
	if (i == NOT_QUEUED) {
		return;
	}
	e->heap_at = NOT_QUEUED;
	if (i != --t->heap_len) {
		t->heap[i] = t->heap[t->heap_len];
		t->heap[i]->heap_at = i;
		entry_sift(t->heap, t->heap_len, i);
	}
	(void) target_requeue(t);   /* it only moves or leaves: no allocation */
}

/* ---- entries by id (under the mutex) --------------------------------------------- */

static size_t bucket_of(uint64_t id, size_t n)
{
	return (size_t) ((id * 0x9E3779B97F4A7C15ULL) >> 17) & (n - 1);
}

static wd_entry *entry_find(uint64_t id)
{
	if (!wd_nbuckets) {
		return NULL;
	}
	for (wd_entry *e = wd_buckets[bucket_of(id, wd_nbuckets)]; e; e = e->hash_next) {
		if (e->id == id) {
			return e;
		}
	}
	return NULL;
}

static bool entry_insert(wd_entry *e)
{
	size_t b;
	if (wd_count + 1 > wd_nbuckets) {
		size_t n = wd_nbuckets ? wd_nbuckets * 2 : 64;
		wd_entry **grown = calloc(n, sizeof(*grown));
		if (!grown) {
			return false;
		}
		for (size_t i = 0; i < wd_nbuckets; i++) {
			wd_entry *x = wd_buckets[i];
			while (x) {
				wd_entry *next = x->hash_next;
				size_t to = bucket_of(x->id, n);
				x->hash_next = grown[to];
				grown[to] = x;
				x = next;
			}
		}
		free(wd_buckets);
		wd_buckets = grown;
		wd_nbuckets = n;
	}
	b = bucket_of(e->id, wd_nbuckets);
	e->hash_next = wd_buckets[b];
	wd_buckets[b] = e;
	wd_count++;
	return true;
}

/* Unlinks e from the table and from its target's heap. */
static void unlink_entry(wd_entry *e)
{
	for (wd_entry **p = &wd_buckets[bucket_of(e->id, wd_nbuckets)]; *p; p = &(*p)->hash_next) {
		if (*p == e) {
			*p = e->hash_next;
			wd_count--;
			break;
		}
	}
	entry_dequeue(e);
	if (e->state == REDISLOCK_WD_RENEWING) {
		wd_renewing--;
	}
}

/* Under the mutex: e is no longer renewed (lost, or past its bound). */
static void entry_settle(wd_entry *e, redislock_wd_state state)
{
	if (e->state == REDISLOCK_WD_RENEWING) {
		wd_renewing--;
	}
	e->state = state;
	entry_dequeue(e);
}

static void *thread_main(void *arg);

/* Under the mutex: starts another worker. */
static bool start_worker(void)
{
	pthread_attr_t attr;
	sigset_t all, old;
	int rc;

	if (wd_workers == WD_MAX_WORKERS) {
		return false;
	}
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	/* No signal of the process is ever delivered to the watchdog: PHP's handlers
	 * (pcntl, timeouts) must run in PHP's thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&wd_threads[wd_workers], &attr, thread_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		return false;
	}
	wd_workers++;
	return true;
}

/* Under the mutex: starts the first worker if this process has none. */
static bool ensure_thread(void)
{
	if (wd_started) {
		return true;
	}
	wd_stop = false;
	wd_started = start_worker();
	return wd_started;
}

uint64_t redislock_wd_add_ex(redislock_wd_target *t, int argc, const char *const *argv, const size_t *lens,
	const char *body, int life_arg, double lease, double max_hold, double since, bool server_bound)
{
	wd_entry *e = calloc(1, sizeof(*e));
	double now = redislock_now();
	uint64_t id = 0;

	if (!e || !t) {
		free(e);
		return 0;
	}
	e->argv = calloc((size_t) argc, sizeof(*e->argv));
	e->lens = calloc((size_t) argc, sizeof(*e->lens));
	e->body = body ? strdup(body) : NULL;
	if (!e->argv || !e->lens || (body && !e->body)) {
		free(e->argv);
		free(e->lens);
		free(e->body);
		free(e);
		return 0;
	}
	for (int i = 0; i < argc; i++) {
		if ((e->argv[i] = malloc(lens[i] + 1)) == NULL) {
			for (int j = 0; j < i; j++) {
				free(e->argv[j]);
			}
			free(e->argv);
			free(e->lens);
			free(e->body);
			free(e);
			return 0;
		}
		memcpy(e->argv[i], argv[i], lens[i]);
		e->argv[i][lens[i]] = '\0';
		e->lens[i] = lens[i];
	}
	e->argc = argc;
	e->server_bound = server_bound;
	e->life_arg = life_arg > 1 && life_arg < argc ? life_arg : 0;
	e->first_pending = server_bound;
	e->lease = lease;
	e->period = lease / 3;
	if (since <= 0 || since > now) {
		since = now;
	}
	e->next = since + e->period;
	e->lease_end = since + (server_bound && max_hold < lease ? max_hold : lease);
	/* With the bound on the server, the server says when it has passed (another
	 * process may move it either way): max_hold is only what it was when the
	 * watch began. */
	e->hold_end = since + max_hold;
	e->state = REDISLOCK_WD_RENEWING;
	e->heap_at = NOT_QUEUED;

	pthread_mutex_lock(&wd_mutex);
	if (ensure_thread()) {
		e->target = t;
		t->refs++;
		e->id = wd_next_id++;
		if (entry_insert(e)) {
			wd_renewing++;
			if (entry_enqueue(e)) {
				id = e->id;
			} else {
				unlink_entry(e);
			}
		}
		if (!id) {
			t->refs--;
		}
		/* Every idle worker looks again: the one that keeps time may wake later
		 * than this entry's first renewal is due. Only when it is the target's
		 * first: otherwise the target is already waited for, no later than this. */
		if (id && (!wd_wake_at || e->next < wd_wake_at)) {
			pthread_cond_broadcast(&wd_cond);
		}
	}
	pthread_mutex_unlock(&wd_mutex);
	if (!id) {
		e->target = NULL;
		for (int i = 0; i < e->argc; i++) {
			free(e->argv[i]);
		}
		free(e->argv);
		free(e->lens);
		free(e->body);
		free(e);
	}
	return id;
}

uint64_t redislock_wd_add(redislock_wd_target *t, int argc, const char *const *argv, const size_t *lens,
	const char *body, int life_arg, double lease, double max_hold, double since)
{
	return redislock_wd_add_ex(t, argc, argv, lens, body, life_arg, lease, max_hold, since, false);
}

void redislock_wd_remove(uint64_t id)
{
	wd_entry *e;
	if (!id) {
		return;
	}
	pthread_mutex_lock(&wd_mutex);
	if ((e = entry_find(id)) != NULL) {
		unlink_entry(e);
		if (e->busy) {
			e->removed = true;   /* the thread frees it when its renewal returns */
		} else {
			entry_free(e);
		}
	}
	pthread_mutex_unlock(&wd_mutex);
}

double redislock_wd_remove_wait(uint64_t id)
{
	double left = -1;
	pthread_mutex_lock(&wd_mutex);
	for (;;) {
		wd_entry *e = entry_find(id);
		if (!e) {
			break;
		}
		if (e->busy) {
			/* A renewal is on its way: whatever it sets must land before the
			 * caller's own command, not after it. */
			pthread_cond_wait(&wd_done, &wd_mutex);
			continue;
		}
		if (e->state == REDISLOCK_WD_RENEWING) {
			left = e->hold_end - redislock_now();
			left = left > 0 ? left : 0;
		}
		unlink_entry(e);
		entry_free(e);
		break;
	}
	pthread_mutex_unlock(&wd_mutex);
	return left;
}

redislock_wd_state redislock_wd_state_of(uint64_t id)
{
	redislock_wd_state state = REDISLOCK_WD_UNKNOWN;
	wd_entry *e;
	pthread_mutex_lock(&wd_mutex);
	if ((e = entry_find(id)) != NULL) {
		state = e->state;
		/* A hold whose lease ran out with no renewal answered in time is lost,
		 * even when the thread has not come round to say so yet. */
		if (state == REDISLOCK_WD_RENEWING && redislock_now() >= e->lease_end) {
			state = REDISLOCK_WD_LOST;
		}
	}
	pthread_mutex_unlock(&wd_mutex);
	return state;
}

bool redislock_wd_running(void)
{
	bool running;
	pthread_mutex_lock(&wd_mutex);
	running = wd_started;
	pthread_mutex_unlock(&wd_mutex);
	return running;
}

uint32_t redislock_wd_count(void)
{
	uint32_t n;
	pthread_mutex_lock(&wd_mutex);
	/* Holds past max_hold or lost stay in the table until released: not renewed. */
	n = wd_renewing;
	pthread_mutex_unlock(&wd_mutex);
	return n;
}

/* ---- the thread's side of a target --------------------------------------------- */

static void link_options_of(const redislock_wd_target *t, redislock_link_options *o, bool sentinel)
{
	memset(o, 0, sizeof(*o));
	o->tls = t->tls ? &t->tls_settings : NULL;
	if (!sentinel && t->password) {
		o->password = t->password;
		o->password_len = strlen(t->password);
		if (t->user) {
			o->user = t->user;
			o->user_len = strlen(t->user);
		}
	}
	o->database = sentinel ? 0 : t->database;
	o->connect_timeout = t->connect_timeout;
	o->read_timeout = t->read_timeout;
}

/* One command on a link, its reply read by the deadline. */
static bool call(redislock_link *l, int argc, const char *const *argv, const size_t *lens, double deadline,
	redisReply **reply, redislock_status *st)
{
	return redislock_link_append(l, argc, argv, lens) && redislock_link_flush(l, deadline, st)
		&& redislock_link_read(l, deadline, reply, st);
}

/* Sentinel: asks each sentinel in turn for the master's address. */
static bool sentinel_master(redislock_wd_target *t, char *host, size_t host_size, long *port, redislock_status *st)
{
	for (uint32_t i = 0; i < t->sentinel_count; i++) {
		const char *addr = t->sentinels[i];
		const char *colon = addr ? strrchr(addr, ':') : NULL;
		char shost[256];
		redislock_link *l;
		redislock_link_options o;
		redisReply *reply = NULL;
		const char *argv[] = {"SENTINEL", "get-master-addr-by-name", t->service};
		size_t lens[] = {8, 23, t->service ? strlen(t->service) : 0};
		bool found = false;

		if (!colon || !t->service || (size_t) (colon - addr) >= sizeof(shost)) {
			continue;
		}
		memcpy(shost, addr, (size_t) (colon - addr));
		shost[colon - addr] = '\0';
		if (shost[0] == '[') {   /* [v6]:port */
			memmove(shost, shost + 1, strlen(shost));
			shost[strcspn(shost, "]")] = '\0';
		}
		if ((l = redislock_link_new(false)) == NULL) {
			continue;
		}
		redislock_link_target(l, shost, strtol(colon + 1, NULL, 10), NULL, t->tls);
		link_options_of(t, &o, true);
		if (redislock_link_open(l, &o, st) && call(l, 3, argv, lens, redislock_now() + t->read_timeout, &reply, st)) {
			if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2 && reply->element[0]->type == REDIS_REPLY_STRING
				&& reply->element[1]->type == REDIS_REPLY_STRING) {
				snprintf(host, host_size, "%.*s", (int) reply->element[0]->len, reply->element[0]->str);
				*port = strtol(reply->element[1]->str, NULL, 10);
				found = true;
			}
			freeReplyObject(reply);
		}
		redislock_link_free(l);
		if (found) {
			return true;
		}
	}
	redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "no sentinel named the master");
	return false;
}

/* Opens the target's link if it is not open. */
static bool target_open(redislock_wd_target *t, redislock_status *st)
{
	redislock_link_options o;

	if (!t->link && (t->link = redislock_link_new(false)) == NULL) {
		return false;
	}
	if (redislock_link_usable(t->link)) {
		return true;
	}
	if (t->mode == REDISLOCK_WD_SENTINEL) {
		char host[256];
		long port;
		if (!sentinel_master(t, host, sizeof(host), &port, st)) {
			return false;
		}
		redislock_link_target(t->link, host, port, NULL, t->tls);
	} else {
		redislock_link_target(t->link, t->host, t->port, t->socket_path, t->tls);
	}
	link_options_of(t, &o, false);
	return redislock_link_open(t->link, &o, st);
}

/* Moves a cluster target to the node a redirection named. */
static void retarget(redislock_wd_target *t, const char *host, long port)
{
	if (host[0]) {
		char *copy = strdup(host);
		if (copy) {
			free(t->host);
			t->host = copy;
		}
	}
	t->port = port;
	if (t->link) {
		redislock_link_close(t->link);
	}
}

#define RENEWED 1
#define GONE 0
#define RETRY -1      /* no answer: the link is closed, the next try connects again */
#define REFUSED -2    /* the server answered with an error it will give again */
#define ENDED -3      /* server_bound: the bound passed, or the watch was ended */

/* What an integer reply says: 1 renewed (0 gone); with the bound on the server,
 * the ms given (> 0), 0 gone, -1 the bound passed or the watch ended. */
static int integer_result(wd_entry *e, long long n)
{
	if (!e->server_bound) {
		return n == 1 ? RENEWED : GONE;
	}
	if (n > 0) {
		e->given = n;
		return RENEWED;
	}
	return n < 0 ? ENDED : GONE;
}

/* An error reply that says nothing about the hold, and goes away by itself: a
 * script or a load in progress, a slot migrating or a cluster reconfiguring, a
 * server out of memory for now. The link is fine; the renewal is tried again. */
static bool transient_error(const redisReply *reply)
{
	static const char *words[] = {"BUSY", "LOADING", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN", "OOM", NULL};
	for (const char **w = words; *w; w++) {
		if (redislock_reply_starts(reply, *w)) {
			return true;
		}
	}
	return false;
}

/* An error reply that says the link leads to the wrong server now (a replica
 * after a failover, a restarted server that wants AUTH): connect again. */
static bool reconnect_error(const redisReply *reply)
{
	return redislock_reply_starts(reply, "READONLY") || redislock_reply_starts(reply, "NOAUTH");
}

/* One renewal: RENEWED, GONE (the hold is not ours), RETRY (no answer in time,
 * or an error that passes; tried again within the lease) or REFUSED (an error
 * reply that every retry would get again, a script error above all: the link is
 * fine, and reconnecting would not help). Outside the mutex, on an entry marked
 * busy. */
static int renew_command(wd_entry *e)
{
	redislock_wd_target *t = e->target;
	redislock_status st;
	const char *argv0 = e->argv[0], *argv1 = e->argv[1];
	size_t len0 = e->lens[0], len1 = e->lens[1];
	bool use_body = false;

	redislock_status_clear(&st);
	for (int round = 0; round < 4; round++) {
		redisReply *reply = NULL;
		int slot;
		char host[256];
		long port;
		bool ask = false;

		if (!target_open(t, &st)) {
			return RETRY;
		}
		if (use_body) {
			e->argv[0] = "EVAL";
			e->lens[0] = 4;
			e->argv[1] = e->body;
			e->lens[1] = strlen(e->body);
		}
		bool ok = call(t->link, e->argc, (const char *const *) e->argv, e->lens, redislock_now() + t->read_timeout, &reply, &st);
		e->argv[0] = (char *) argv0;
		e->lens[0] = len0;
		e->argv[1] = (char *) argv1;
		e->lens[1] = len1;
		if (!ok) {
			return RETRY;
		}
		if (reply->type == REDIS_REPLY_INTEGER) {
			int result = integer_result(e, reply->integer);
			freeReplyObject(reply);
			return result;
		}
		if (reply->type == REDIS_REPLY_ERROR && redislock_reply_starts(reply, "NOSCRIPT") && e->body && !use_body) {
			use_body = true;
		} else if (reply->type == REDIS_REPLY_ERROR && t->mode == REDISLOCK_WD_CLUSTER
			&& ((ask = redislock_reply_starts(reply, "ASK")) || redislock_reply_starts(reply, "MOVED"))
			&& redislock_cluster_redirect(reply, &slot, host, sizeof(host), &port)) {
			/* The slot moved: renew there from now on. An ASK (a migration under
			 * way) is followed the same way; the node answers MOVED once it is
			 * done. */
			(void) ask;
			retarget(t, host, port);
		} else if (reply->type == REDIS_REPLY_ERROR && transient_error(reply)) {
			freeReplyObject(reply);
			return RETRY;
		} else if (reply->type == REDIS_REPLY_ERROR && reconnect_error(reply)) {
			freeReplyObject(reply);
			redislock_link_close(t->link);
			return RETRY;
		} else if (reply->type == REDIS_REPLY_ERROR) {
			/* The script failed, or the command is refused: the same command would
			 * fail the same way until the lease ends. */
			freeReplyObject(reply);
			return REFUSED;
		} else {
			/* Not what the renewal answers: the link is out of step. */
			freeReplyObject(reply);
			redislock_link_close(t->link);
			return RETRY;
		}
		freeReplyObject(reply);
	}
	return RETRY;
}

/* The argument a renewal that started at started sends in place of
 * argv[life_arg], in out: the last renewals before max_hold give only what is
 * left of it; the first renewal of a bound kept on the server sets what is left
 * until max_hold, unless the server has one. False: argv[life_arg] as it is. */
static bool swapped_arg(const wd_entry *e, double started, char *out, size_t size, size_t *len)
{
	long long ms = (long long) ((e->hold_end - started) * 1000);
	if (!e->life_arg) {
		return false;
	}
	if (e->server_bound) {
		if (!e->first_pending || ms < 1) {
			return false;
		}
	} else if (e->hold_end - started >= e->lease) {
		return false;
	}
	*len = (size_t) snprintf(out, size, "%lld", ms < 1 ? 1 : ms);
	return true;
}

/* A renewal that started at started. The last ones before max_hold give only
 * what is left of it, so that the hold ends at max_hold, not a lease after the
 * last renewal: the lifetime argument is swapped for the shorter one for this
 * call. */
static int renew(wd_entry *e, double started)
{
	char life[24];
	char *saved = NULL;
	size_t saved_len = 0;
	int result;

	size_t len;

	if (swapped_arg(e, started, life, sizeof(life), &len)) {
		saved = e->argv[e->life_arg];
		saved_len = e->lens[e->life_arg];
		e->argv[e->life_arg] = life;
		e->lens[e->life_arg] = len;
	}
	result = renew_command(e);
	if (saved) {
		e->argv[e->life_arg] = saved;
		e->lens[e->life_arg] = saved_len;
	}
	return result;
}

/* ---- the thread ---------------------------------------------------------------- */

/* Renews the n entries of batch (one target, busy), pipelined in one round trip;
 * result[i] as renew() answers. An entry whose reply is not an integer (NOSCRIPT,
 * a redirection, an error) is renewed again alone, as renew() does. */
static void renew_batch(redislock_wd_target *t, wd_entry **batch, int n, double started, int *result)
{
	redislock_status st;
	bool again[WD_BATCH];
	char (*life)[24] = NULL;
	bool sent = false;
	int read = 0;

	if (n == 1) {
		result[0] = renew(batch[0], started);
		return;
	}
	redislock_status_clear(&st);
	for (int i = 0; i < n; i++) {
		result[i] = RETRY;
		again[i] = false;
	}
	if (!target_open(t, &st) || (life = malloc((size_t) n * sizeof(*life))) == NULL) {
		free(life);
		return;
	}
	for (int i = 0; i < n; i++) {
		wd_entry *e = batch[i];
		char *saved = NULL;
		size_t saved_len = 0;
		size_t len;
		bool ok;
		if (swapped_arg(e, started, life[i], sizeof(life[i]), &len)) {
			saved = e->argv[e->life_arg];
			saved_len = e->lens[e->life_arg];
			e->argv[e->life_arg] = life[i];
			e->lens[e->life_arg] = len;
		}
		ok = redislock_link_append(t->link, e->argc, (const char *const *) e->argv, e->lens);
		if (saved) {
			e->argv[e->life_arg] = saved;
			e->lens[e->life_arg] = saved_len;
		}
		if (!ok) {
			free(life);
			return;
		}
	}
	free(life);
	sent = redislock_link_flush(t->link, redislock_now() + t->read_timeout, &st);
	for (; sent && read < n; read++) {
		redisReply *reply = NULL;
		if (!redislock_link_read(t->link, redislock_now() + t->read_timeout, &reply, &st)) {
			break;
		}
		if (reply->type == REDIS_REPLY_INTEGER) {
			result[read] = integer_result(batch[read], reply->integer);
		} else if (reply->type == REDIS_REPLY_ERROR && transient_error(reply)) {
			result[read] = RETRY;
		} else {
			again[read] = true;
		}
		freeReplyObject(reply);
	}
	if (read < n) {
		return;   /* no answer in time: the link is closed, the rest are retried */
	}
	for (int i = 0; i < n; i++) {
		if (again[i]) {
			result[i] = renew(batch[i], started);
		}
	}
}

static void deadline_timespec(double when, struct timespec *ts)
{
	/* pthread_cond_timedwait takes CLOCK_REALTIME unless told otherwise; the
	 * condition is made with CLOCK_MONOTONIC (see startup). */
	ts->tv_sec = (time_t) when;
	ts->tv_nsec = (long) ((when - (double) ts->tv_sec) * 1e9);
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

/* Under the mutex: what a renewal that started at started answered for e. */
static void settle_result(wd_entry *e, int result, double started, double done)
{
	if (result != RETRY) {
		e->first_pending = false;
	}
	if (result == RENEWED) {
		double life = e->lease;
		if (e->server_bound) {
			life = (double) e->given / 1000;
		} else if (e->life_arg && e->hold_end - started < life) {
			life = e->hold_end - started;
		}
		e->lease_end = started + life;
		e->next = started + e->period;
	} else if (result == ENDED) {
		/* The bound passed, or the watch was ended (extendLock() anywhere): the
		 * hold keeps what it was given last. */
		entry_settle(e, REDISLOCK_WD_EXPIRED);
	} else if (result == GONE || result == REFUSED || done >= e->lease_end) {
		/* REFUSED: the hold is still there, but nothing renews it any more and
		 * it lapses at the end of its lease; its holder is told now, not then. */
		entry_settle(e, REDISLOCK_WD_LOST);
	} else {
		/* Unreachable server: try again soon, within what is left of the lease. */
		double retry = e->period / 5;
		e->next = done + (retry < 0.01 ? 0.01 : retry);
	}
}

static void *thread_main(void *arg)
{
	wd_entry *batch[WD_BATCH];
	int result[WD_BATCH];

	(void) arg;
	pthread_mutex_lock(&wd_mutex);
	while (!wd_stop) {
		double now = redislock_now();
		redislock_wd_target *t = wd_targets_len ? wd_targets[0] : NULL;
		int n = 0;

		if (!t || target_due(t) > now) {
			double soonest = t ? target_due(t) : 0;
			wd_idle++;
			if (soonest && (!wd_wake_at || soonest < wd_wake_at)) {
				/* No one else wakes that early: this worker does. */
				struct timespec ts;
				wd_wake_at = soonest;
				deadline_timespec(soonest, &ts);
				pthread_cond_timedwait(&wd_cond, &wd_mutex, &ts);
				if (wd_wake_at == soonest) {
					wd_wake_at = 0;
				}
			} else {
				pthread_cond_wait(&wd_cond, &wd_mutex);
			}
			wd_idle--;
			continue;
		}

		/* Every entry of t that is due, or nearly (one round trip for all). */
		target_dequeue(t);
		t->busy = true;
		t->busy_generation = redislock_fork_generation;
		while (t->heap_len && n < (t->mode == REDISLOCK_WD_CLUSTER ? 1 : WD_BATCH)) {
			wd_entry *e = t->heap[0];
			double ahead = e->period / 4 < WD_AHEAD ? e->period / 4 : WD_AHEAD;
			if (e->next > now + ahead) {
				break;
			}
			entry_dequeue(e);
			if (!e->server_bound && now >= e->hold_end) {
				entry_settle(e, REDISLOCK_WD_EXPIRED);
				continue;
			}
			e->busy = true;
			batch[n++] = e;
		}
		if (n == 0) {
			t->busy = false;
			(void) target_requeue(t);
			continue;
		}
		/* Someone must keep time while this renewal may hang: an idle worker, or
		 * a new one. */
		if (wd_idle == 0) {
			start_worker();
		} else if (!wd_wake_at) {
			pthread_cond_signal(&wd_cond);
		}
		t->refs++;   /* t outlives its entries removed meanwhile, until it is queued again */
		pthread_mutex_unlock(&wd_mutex);
		/* The server ran the renewal after this moment, so the hold lasts at least
		 * until started + lease. Counting from the reply instead would add the time
		 * the reply took to be read (a worker descheduled under CPU load: tens of
		 * ms) to what the holder believes it has, beyond what the server gave. */
		double started = redislock_now();
		renew_batch(t, batch, n, started, result);
		double done = redislock_now();
		pthread_mutex_lock(&wd_mutex);
		t->busy = false;
		for (int i = 0; i < n; i++) {
			wd_entry *e = batch[i];
			e->busy = false;
			if (e->removed) {
				entry_free(e);
				continue;
			}
			settle_result(e, result[i], started, done);
			if (e->state == REDISLOCK_WD_RENEWING && !entry_enqueue(e)) {
				entry_settle(e, REDISLOCK_WD_LOST);   /* no memory to keep it waiting */
			}
		}
		/* Entries added while it was busy wait for it too. */
		(void) target_requeue(t);
		target_unref(t);
		pthread_cond_broadcast(&wd_done);
	}
	pthread_mutex_unlock(&wd_mutex);
	return NULL;
}

/* ---- process life ---------------------------------------------------------------- */

static void fork_prepare(void)
{
	pthread_mutex_lock(&wd_mutex);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&wd_mutex);
}

/* The table is emptied, each target's heap too. */
static void forget_all_entries(void)
{
	for (redislock_wd_target *t = wd_all_targets; t; t = t->next_target) {
		t->heap_len = 0;
		t->queued_at = NOT_QUEUED;
		t->busy = false;
	}
	wd_buckets = NULL;
	wd_nbuckets = 0;
	wd_count = 0;
	wd_renewing = 0;
	wd_targets_len = 0;
}

/* Under the mutex: frees every entry (the table is emptied). */
static void free_all_entries(void)
{
	for (size_t i = 0; i < wd_nbuckets; i++) {
		wd_entry *e = wd_buckets[i];
		while (e) {
			wd_entry *next = e->hash_next;
			e->target->heap_len = 0;
			e->target->queued_at = NOT_QUEUED;
			e->target->busy = false;
			entry_free(e);
			e = next;
		}
	}
	free(wd_buckets);
	wd_buckets = NULL;
	wd_nbuckets = 0;
	wd_count = 0;
	wd_renewing = 0;
	wd_targets_len = 0;
}

/* The child has no watchdog thread, and the holds in the table are its parent's:
 * it must never renew them. The table is emptied (the memory is the child's copy;
 * the links are closed without a word to the server, see redislock_link_close). */
static void fork_child(void)
{
	pthread_condattr_t attr;

	/* Locked by fork_prepare() in the parent: the child's copy is unlocked, as
	 * POSIX asks, not made again. The condition had the parent's thread waiting
	 * on it, which does not exist here: that one is made anew. */
	pthread_mutex_unlock(&wd_mutex);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&wd_cond, &attr);
	pthread_condattr_destroy(&attr);
	pthread_cond_init(&wd_done, NULL);
	wd_started = false;
	wd_workers = 0;
	wd_idle = 0;
	wd_wake_at = 0;
	/* The entries are left as they are, not freed: this memory is the child's
	 * copy of its parent's, shared until either writes to it, and freeing
	 * thousands of entries would copy every page they are on, in the child and
	 * then in the parent (whose watchdog writes to them), which on a loaded
	 * virtual machine takes seconds (10,000 entries: 3 s) while the parent's
	 * renewals wait. A child that execs (proc_open()) loses them anyway; one that
	 * lives on keeps its parent's table of the moment, once. Only the targets
	 * (one per object) are reset. */
	if (wd_buckets) {
		wd_entry ***grown = realloc(wd_abandoned, (wd_abandoned_len + 1) * sizeof(*grown));
		if (grown) {
			wd_abandoned = grown;
			wd_abandoned[wd_abandoned_len++] = wd_buckets;
		}
	}
	forget_all_entries();
}

bool redislock_wd_startup(void)
{
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&wd_cond, &attr);
	pthread_condattr_destroy(&attr);
	pthread_cond_init(&wd_done, NULL);
	return pthread_atfork(fork_prepare, fork_parent, fork_child) == 0;
}

void redislock_wd_shutdown(void)
{
	int workers;

	pthread_mutex_lock(&wd_mutex);
	workers = wd_workers;
	wd_stop = true;
	pthread_cond_broadcast(&wd_cond);
	pthread_mutex_unlock(&wd_mutex);
	/* No worker starts another once wd_stop is set: it leaves its loop first. */
	for (int i = 0; i < workers; i++) {
		pthread_join(wd_threads[i], NULL);
	}
	pthread_mutex_lock(&wd_mutex);
	wd_started = false;
	wd_workers = 0;
	wd_idle = 0;
	wd_wake_at = 0;
	free_all_entries();
	free(wd_targets);
	wd_targets = NULL;
	wd_targets_cap = 0;
	pthread_mutex_unlock(&wd_mutex);
}

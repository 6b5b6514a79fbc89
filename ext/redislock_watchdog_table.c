/* The watchdog's table: the targets, the entries by id, and the heaps that give
 * the next renewal due, each step O(log n) in the number of entries. Every call
 * but redislock_wd_target_new() and redislock_wd_target_release() is made under
 * wd_mutex, which they take themselves. No Zend API (see redislock_watchdog.h). */
#include "redislock_watchdog_int.h"
#include <stdlib.h>
#include <string.h>

pthread_mutex_t wd_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t wd_next_id = 1;
static uint32_t wd_count;
static uint32_t wd_renewing; /* entries in state RENEWING */
static wd_entry **wd_buckets; /* id => entry, chained through hash_next */
static size_t wd_nbuckets;
static redislock_wd_target **wd_targets; /* the heap of targets with entries waiting */
static size_t wd_targets_len, wd_targets_cap;
static redislock_wd_target *wd_all_targets; /* every target, linked */
/* A forked child's copies of its parents' tables of entries: never freed, never
 * touched (see wd_table_abandon()), kept only so that they stay reachable. */
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
void wd_target_unref(redislock_wd_target *t)
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
	wd_target_unref(t);
	pthread_mutex_unlock(&wd_mutex);
}

/* ---- entries ----------------------------------------------------------------- */

void wd_entry_free(wd_entry *e)
{
	for (int i = 0; i < e->argc; i++) {
		free(e->argv[i]);
	}
	free(e->argv);
	free(e->lens);
	free(e->body);
	if (e->target) {
		wd_target_unref(e->target);
	}
	free(e);
}

wd_entry *wd_entry_new(int argc, const char *const *argv, const size_t *lens, const char *body)
{
	wd_entry *e = calloc(1, sizeof(*e));

	if (!e) {
		return NULL;
	}
	e->heap_at = NOT_QUEUED;
	e->argv = calloc((size_t) argc, sizeof(*e->argv));
	e->lens = calloc((size_t) argc, sizeof(*e->lens));
	e->body = body ? strdup(body) : NULL;
	if (!e->argv || !e->lens || (body && !e->body)) {
		wd_entry_free(e);
		return NULL;
	}
	for (int i = 0; i < argc; i++) {
		if ((e->argv[i] = malloc(lens[i] + 1)) == NULL) {
			wd_entry_free(e);   /* frees the e->argc copied so far */
			return NULL;
		}
		memcpy(e->argv[i], argv[i], lens[i]);
		e->argv[i][lens[i]] = '\0';
		e->lens[i] = lens[i];
		e->argc = i + 1;
	}
	return e;
}

/* ---- the heaps (under the mutex) ------------------------------------------------ */

redislock_wd_target *wd_target_first(void)
{
	return wd_targets_len ? wd_targets[0] : NULL;
}

double wd_target_due(const redislock_wd_target *t)
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
	while (i > 0 && wd_target_due(wd_targets[i]) < wd_target_due(wd_targets[(i - 1) / 2])) {
		target_swap(i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < wd_targets_len && wd_target_due(wd_targets[l]) < wd_target_due(wd_targets[m])) {
			m = l;
		}
		if (r < wd_targets_len && wd_target_due(wd_targets[r]) < wd_target_due(wd_targets[m])) {
			m = r;
		}
		if (m == i) {
			return;
		}
		target_swap(i, m);
		i = m;
	}
}

void wd_target_dequeue(redislock_wd_target *t)
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

bool wd_target_requeue(redislock_wd_target *t)
{
	if (t->heap_len == 0 || t->busy) {
		wd_target_dequeue(t);
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

bool wd_entry_enqueue(wd_entry *e)
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
	return wd_target_requeue(t);
}

void wd_entry_dequeue(wd_entry *e)
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
	(void) wd_target_requeue(t);   /* it only moves or leaves: no allocation */
}

/* ---- entries by id (under the mutex) --------------------------------------------- */

static size_t bucket_of(uint64_t id, size_t n)
{
	return (size_t) ((id * 0x9E3779B97F4A7C15ULL) >> 17) & (n - 1);
}

wd_entry *wd_entry_find(uint64_t id)
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

bool wd_entry_add(wd_entry *e)
{
	e->id = wd_next_id++;
	if (!entry_insert(e)) {
		return false;
	}
	if (e->state == REDISLOCK_WD_RENEWING) {
		wd_renewing++;
	}
	if (!wd_entry_enqueue(e)) {
		wd_entry_unlink(e);
		return false;
	}
	return true;
}

void wd_entry_unlink(wd_entry *e)
{
	for (wd_entry **p = &wd_buckets[bucket_of(e->id, wd_nbuckets)]; *p; p = &(*p)->hash_next) {
		if (*p == e) {
			*p = e->hash_next;
			wd_count--;
			break;
		}
	}
	wd_entry_dequeue(e);
	if (e->state == REDISLOCK_WD_RENEWING) {
		wd_renewing--;
	}
}

void wd_entry_settle(wd_entry *e, redislock_wd_state state)
{
	if (e->state == REDISLOCK_WD_RENEWING) {
		wd_renewing--;
	}
	e->state = state;
	wd_entry_dequeue(e);
}

uint32_t wd_renewing_count(void)
{
	return wd_renewing;
}

/* ---- process life (under the mutex) ---------------------------------------------- */

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

/* Frees every entry (the table is emptied). */
static void free_all_entries(void)
{
	for (size_t i = 0; i < wd_nbuckets; i++) {
		wd_entry *e = wd_buckets[i];
		while (e) {
			wd_entry *next = e->hash_next;
			e->target->heap_len = 0;
			e->target->queued_at = NOT_QUEUED;
			e->target->busy = false;
			wd_entry_free(e);
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

void wd_table_abandon(void)
{
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

void wd_table_free(void)
{
	free_all_entries();
	free(wd_targets);
	wd_targets = NULL;
	wd_targets_cap = 0;
}

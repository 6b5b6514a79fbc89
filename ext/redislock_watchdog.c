/* The watchdog's threads and its public calls: the workers' loop (wait for the
 * next renewal due, take a target's due entries, renew them outside the mutex,
 * settle what they answered), the calls the PHP side makes, and the process's
 * life (fork, startup, shutdown). The table is redislock_watchdog_table.c, the
 * renewal commands redislock_watchdog_renew.c. No Zend API (see the header). */
#include "redislock_watchdog_int.h"
#include <signal.h>
#include <time.h>

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
/* A renewal due within this much of now goes with the ones due now (at most a
 * quarter of its period early): fewer, fuller round trips. */
#define WD_AHEAD 0.02

/* Under wd_mutex. */
static pthread_cond_t wd_cond;
static pthread_cond_t wd_done;  /* broadcast when a renewal is over (redislock_wd_remove_wait) */
static pthread_t wd_threads[WD_MAX_WORKERS];
static int wd_workers;      /* started in this process */
static int wd_idle;         /* waiting for work */
static double wd_wake_at;   /* an idle worker wakes then for the next renewal (0: none) */
static bool wd_started;     /* the first worker runs in this process */
static bool wd_stop;

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

/* The entry's clock, counted from since (when the command that gave the hold its
 * first lease was sent; now if later or unknown). */
static void entry_start(wd_entry *e, int life_arg, double lease, double max_hold, double since, bool server_bound,
	double now)
{
	e->server_bound = server_bound;
	e->life_arg = life_arg > 1 && life_arg < e->argc ? life_arg : 0;
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
}

uint64_t redislock_wd_add_ex(redislock_wd_target *t, int argc, const char *const *argv, const size_t *lens,
	const char *body, int life_arg, double lease, double max_hold, double since, bool server_bound)
{
	double now = redislock_now();
	uint64_t id = 0;
	wd_entry *e;

	if (!t || (e = wd_entry_new(argc, argv, lens, body)) == NULL) {
		return 0;
	}
	entry_start(e, life_arg, lease, max_hold, since, server_bound, now);

	pthread_mutex_lock(&wd_mutex);
	if (ensure_thread()) {
		e->target = t;
		t->refs++;
		if (wd_entry_add(e)) {
			id = e->id;
			/* Every idle worker looks again: the one that keeps time may wake
			 * later than this entry's first renewal is due. Only when it is the
			 * target's first: otherwise the target is already waited for, no
			 * later than this. */
			if (!wd_wake_at || e->next < wd_wake_at) {
				pthread_cond_broadcast(&wd_cond);
			}
		} else {
			t->refs--;
		}
	}
	pthread_mutex_unlock(&wd_mutex);
	if (!id) {
		e->target = NULL;   /* its reference was given back above */
		wd_entry_free(e);
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
	if ((e = wd_entry_find(id)) != NULL) {
		wd_entry_unlink(e);
		if (e->busy) {
			e->removed = true;   /* the thread frees it when its renewal returns */
		} else {
			wd_entry_free(e);
		}
	}
	pthread_mutex_unlock(&wd_mutex);
}

double redislock_wd_remove_wait(uint64_t id)
{
	double left = -1;
	pthread_mutex_lock(&wd_mutex);
	for (;;) {
		wd_entry *e = wd_entry_find(id);
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
		wd_entry_unlink(e);
		wd_entry_free(e);
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
	if ((e = wd_entry_find(id)) != NULL) {
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
	n = wd_renewing_count();
	pthread_mutex_unlock(&wd_mutex);
	return n;
}

/* ---- the thread ---------------------------------------------------------------- */

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
	if (result != WD_RETRY) {
		e->first_pending = false;
	}
	if (result == WD_RENEWED) {
		double life = e->lease;
		if (e->server_bound) {
			life = (double) e->given / 1000;
		} else if (e->life_arg && e->hold_end - started < life) {
			life = e->hold_end - started;
		}
		e->lease_end = started + life;
		e->next = started + e->period;
	} else if (result == WD_ENDED) {
		/* The bound passed, or the watch was ended (extendLock() anywhere): the
		 * hold keeps what it was given last. */
		wd_entry_settle(e, REDISLOCK_WD_EXPIRED);
	} else if (result == WD_GONE || result == WD_REFUSED || done >= e->lease_end) {
		/* WD_REFUSED: the hold is still there, but nothing renews it any more and
		 * it lapses at the end of its lease; its holder is told now, not then. */
		wd_entry_settle(e, REDISLOCK_WD_LOST);
	} else {
		/* Unreachable server: try again soon, within what is left of the lease. */
		double retry = e->period / 5;
		e->next = done + (retry < 0.01 ? 0.01 : retry);
	}
}

/* Under the mutex: an idle worker waits for work. Of the idle ones, the one
 * that finds no other waking as early keeps time: it wakes when the next renewal
 * is due (soonest; 0: none waits). */
static void idle_wait(double soonest)
{
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
}

/* Under the mutex: every entry of t that is due at now, or nearly (one round trip
 * for all), into batch, marked busy with t. Returns how many; with none, t is
 * not busy and waits in the heap again. */
static int take_due(redislock_wd_target *t, double now, wd_entry **batch)
{
	int n = 0;

	wd_target_dequeue(t);
	t->busy = true;
	t->busy_generation = redislock_fork_generation;
	while (t->heap_len && n < (t->mode == REDISLOCK_WD_CLUSTER ? 1 : WD_BATCH)) {
		wd_entry *e = t->heap[0];
		double ahead = e->period / 4 < WD_AHEAD ? e->period / 4 : WD_AHEAD;
		if (e->next > now + ahead) {
			break;
		}
		wd_entry_dequeue(e);
		if (!e->server_bound && now >= e->hold_end) {
			wd_entry_settle(e, REDISLOCK_WD_EXPIRED);
			continue;
		}
		e->busy = true;
		batch[n++] = e;
	}
	if (n == 0) {
		t->busy = false;
		(void) wd_target_requeue(t);
	}
	return n;
}

/* Under the mutex: what the renewals of batch answered; the entries still
 * renewed wait in t's heap again, and anyone in redislock_wd_remove_wait() looks
 * again. */
static void settle_batch(redislock_wd_target *t, wd_entry **batch, int n, const int *result, double started,
	double done)
{
	t->busy = false;
	for (int i = 0; i < n; i++) {
		wd_entry *e = batch[i];
		e->busy = false;
		if (e->removed) {
			wd_entry_free(e);
			continue;
		}
		settle_result(e, result[i], started, done);
		if (e->state == REDISLOCK_WD_RENEWING && !wd_entry_enqueue(e)) {
			wd_entry_settle(e, REDISLOCK_WD_LOST);   /* no memory to keep it waiting */
		}
	}
	/* Entries added while it was busy wait for it too. */
	(void) wd_target_requeue(t);
	wd_target_unref(t);
	pthread_cond_broadcast(&wd_done);
}

static void *thread_main(void *arg)
{
	wd_entry *batch[WD_BATCH];
	int result[WD_BATCH];

	(void) arg;
	pthread_mutex_lock(&wd_mutex);
	while (!wd_stop) {
		double now = redislock_now();
		redislock_wd_target *t = wd_target_first();
		int n;

		if (!t || wd_target_due(t) > now) {
			idle_wait(t ? wd_target_due(t) : 0);
			continue;
		}
		if ((n = take_due(t, now, batch)) == 0) {
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
		wd_renew_batch(t, batch, n, started, result);
		double done = redislock_now();
		pthread_mutex_lock(&wd_mutex);
		settle_batch(t, batch, n, result, started, done);
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
	wd_table_abandon();
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
	wd_table_free();
	pthread_mutex_unlock(&wd_mutex);
}

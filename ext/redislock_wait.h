/* Waiting without polling: BLPOP on the wake-up lists that unlocks and enqueues
 * push to, and BLMOVE on a latch's open mark. */
#ifndef REDISLOCK_WAIT_H
#define REDISLOCK_WAIT_H

#include "redislock_conn.h"

/* Blocks in BLPOP on the lists until one is pushed to or the time is up; throws
 * on failure.
 *
 * A signal that PHP must serve (pcntl_async_signals) ends the block at once: its
 * handlers run here, with nothing in flight, and the call returns as if woken,
 * so the caller looks again and blocks again. FAILURE when a handler threw (its
 * exception pending) or the script ran out of time or memory: the caller then
 * ends its call as on any failure, leaving nothing behind.
 *
 * An idle Redis notices a BLPOP timeout only on its next cron tick (100 ms at the
 * default hz 10). With precise, the caller needs the wait to end on time (a lock
 * holder's expiry, a delayed task's due time), so we keep the deadline ourselves:
 * the server's timeout is only a fallback, and when our deadline passes first we
 * drop the blocked connection (the next call reconnects) and return as if woken. */
zend_result redislock_blpop(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise);

/* redislock_blpop(), and when a list was popped, the element taken in *popped
 * (the caller's to release; left as it was otherwise: a timeout, a wait ended
 * early). */
zend_result redislock_blpop_popped(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise,
	zend_string **popped);

/* Blocks in BLMOVE key key LEFT RIGHT (the element moves onto its own list, so it
 * stays for every waiter: a latch's open mark) until the list has an element or
 * the time is up; *moved is the element (the caller's to release), or NULL when
 * none came. Signals and precise as redislock_blpop() (a wait ended early is a
 * NULL *moved). */
zend_result redislock_blmove_self(redislock_conn *c, zend_string *key, double seconds, bool precise, zend_string **moved);

/* Ends the wait for a blocking command's reply when PHP has a signal to serve
 * (redislock_conn_call_interruptible()). */
extern const redislock_interrupt redislock_php_signals;

/* Runs what the engine would have run between two opcodes had a wait not held it
 * off: the interrupt function, through which pcntl runs the signal handlers.
 * Nothing may be in flight on c. False when the wait must end, with the cause
 * recorded in c (and a handler's exception pending): a handler threw, or the
 * script ran out of time or memory (left to the engine, which acts on it as soon
 * as the call returns). */
bool redislock_serve_signals(redislock_conn *c);

/* A waiter comes back to Redis at least this often (seconds) to show it is alive
 * (its mark lasts REDISLOCK_ALIVE_MS); with one BLPOP and one attempt per round, it
 * sends at most one command a second. */
#define REDISLOCK_WAIT_ROUND 2.0

/* How long a waiter blocks: the rest of its wait, a round at most, and never past
 * the moment the first current hold ends, pttl ms from now (+1 ms to land after
 * it; pttl < 0: no such bound). Sets *until_expiry when that last bound is the one
 * that counts (the wait must then end on time: see precise above). */
double redislock_block_time(double remaining, zend_long pttl, bool *until_expiry);

#endif

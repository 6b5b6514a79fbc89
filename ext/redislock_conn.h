/* A connection as an object sees it: one server, the master behind Sentinel, the
 * nodes of a Redis Cluster. It picks the link for each command, connects on first
 * use and again after a fork or a drop, follows redirections, and keeps one status
 * that the PHP boundary throws. The struct is private to this layer. */
#ifndef REDISLOCK_CONN_H
#define REDISLOCK_CONN_H

#include "php.h"
#include "redislock_argv.h"
#include "redislock_config.h"
#include "redislock_watchdog.h"
#include "redislock_link.h"

typedef struct _redislock_conn redislock_conn;

/* May rewrite a command after an error reply and ask for it to be sent again to
 * the same server (EVALSHA -> EVAL after NOSCRIPT). */
typedef bool (*redislock_rewrite_fn)(const redisReply *reply, redislock_argv *a, const void *arg);

/* Takes ownership of cfg's contents. Connecting is deferred to the first command. */
redislock_conn *redislock_conn_create(redislock_config *cfg);
/* The version every connection names the library with (CLIENT SETINFO lib-ver). */
void redislock_conn_set_lib_version(const char *version);
/* What the probe found of the server behind the connection's current link
 * (kind UNKNOWN until its replies were read). */
const redislock_server *redislock_conn_server(const redislock_conn *c);
void redislock_conn_destroy(redislock_conn *c);

/* The settings it was made from. */
const redislock_config *redislock_conn_config(const redislock_conn *c);

/* Called at request shutdown before the sockets close (locks release there). */
void redislock_conn_on_shutdown(redislock_conn *c, void (*fn)(void *owner), void *owner);

/* Connects if needed (and again after a fork or a broken connection). On a
 * cluster, picks the node that serves the command's key first. */
zend_result redislock_conn_ensure(redislock_conn *c);
/* Marks the start of a call: its name and start time go into error messages. */
void redislock_conn_begin(redislock_conn *c, const char *op_name);
/* Whether the call begun last wrote any byte to a server: when it failed without,
 * no command can have run. */
bool redislock_conn_sent(const redislock_conn *c);
/* When the last flush of commands to a server began (redislock_now()): a lifetime
 * a command set on the server started no earlier than this. */
double redislock_conn_last_flush(const redislock_conn *c);
/* Puts that time back to an earlier flush's, after a command that sets no
 * lifetime (WAIT) was sent behind the one that did. */
void redislock_conn_set_last_flush(redislock_conn *c, double when);
/* Sends one command and reads its reply, which may be an error reply. Follows
 * cluster redirections (MOVED, ASK), waits out TRYAGAIN and CLUSTERDOWN with a
 * bounded backoff, and finds the master again after a failover (READONLY): in
 * each of those cases the server did not run the command, so sending it again is
 * safe. Sending and reading share one deadline, timeout seconds after the
 * first send. */
zend_result redislock_conn_exec(redislock_conn *c, redislock_argv *a, double timeout,
	redislock_rewrite_fn rewrite, const void *arg, redisReply **reply);
/* begin (named after the command) + exec, bounded by timeout or read_timeout. */
zend_result redislock_conn_call(redislock_conn *c, const redislock_argv *a, redisReply **reply);
zend_result redislock_conn_call_timeout(redislock_conn *c, const redislock_argv *a, double timeout, redisReply **reply);
/* call_timeout for a blocking command: a signal that intr says must be served
 * ends the wait for the reply at once, with REDISLOCK_ERR_INTERRUPTED and the
 * link closed (the next call reconnects). */
zend_result redislock_conn_call_interruptible(redislock_conn *c, const redislock_argv *a, double timeout,
	const redislock_interrupt *intr, redisReply **reply);

/* Pipelining on the current link, after redislock_conn_ensure(): queue, write,
 * then read each reply by an absolute deadline. */
zend_result redislock_conn_append(redislock_conn *c, const redislock_argv *a);
/* Queues count commands already in RESP form (one encoding sent to several servers). */
zend_result redislock_conn_append_raw(redislock_conn *c, const char *commands, size_t len, int count);
zend_result redislock_conn_flush(redislock_conn *c, double deadline);
zend_result redislock_conn_read(redislock_conn *c, double deadline, redisReply **reply);

/* Drops the socket of the current link. */
void redislock_conn_close(redislock_conn *c);

/* What the current command talks to, for messages. */
const char *redislock_conn_endpoint(const redislock_conn *c);
/* Whether the connection is open right now (for var_dump). */
bool redislock_conn_connected(const redislock_conn *c);

/* The failure of the last call that failed, and recording one. */
const redislock_status *redislock_conn_status(const redislock_conn *c);
void redislock_conn_set_error(redislock_conn *c, redislock_error kind, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* Records an error reply to the current command as the failure of the call (a
 * server failure). */
void redislock_conn_set_reply_error(redislock_conn *c, const redisReply *reply);
/* Records a reply whose type the caller did not expect (a foreign value in our
 * key) as the failure of the call; an error reply as above. */
void redislock_conn_set_unexpected(redislock_conn *c, const redisReply *reply);

/* Throws the recorded failure as the matching exception: what a method does, once,
 * with the failure an operation below it recorded (onto an exception already on
 * its way, it chains). */
void redislock_conn_throw(const redislock_conn *c);

/* RSHUTDOWN: releases through every connection of the request, then closes them. */
/* The servers a listing walks: on a cluster, the first slot each master serves, in
 * slot order (at most max); elsewhere one entry, -1, for the one server. Returns
 * how many, or 0 when the failure is recorded. */
uint32_t redislock_conn_masters(redislock_conn *c, int *first_slots, uint32_t max);
/* Runs a command without keys (SCAN) on the server that serves slot (-1: the
 * server), without redirections: a listing walks each master in turn. */
zend_result redislock_conn_call_at(redislock_conn *c, int slot, const redislock_argv *a, double timeout, redisReply **reply);

void redislock_conn_shutdown_all(void);
/* Closes and frees the persistent links at process end. */
void redislock_links_free(HashTable *links);

/* A watchdog target that reaches what c reaches (its copy of the settings), or
 * NULL when memory runs out. */
redislock_wd_target *redislock_conn_watchdog_target(const redislock_conn *c);

#endif

/* Connection settings, parsed once from a DSN string or an options array. */
#ifndef REDISLOCK_CONFIG_H
#define REDISLOCK_CONFIG_H

#include "php.h"
#include "redislock_config_dsn.h"

/* How the servers are found. */
typedef enum {
	REDISLOCK_MODE_SINGLE = 0,  /* one server: host:port or a unix socket */
	REDISLOCK_MODE_SENTINEL,    /* the master of a service, asked of Redis Sentinel */
	REDISLOCK_MODE_CLUSTER,     /* a Redis Cluster, found from seed nodes */
	REDISLOCK_MODE_REDLOCK      /* several independent masters (RedisLock only) */
} redislock_mode;

typedef struct _redislock_config {
	redislock_mode mode;
	redislock_addr *seeds;      /* sentinel, cluster: the addresses to start from */
	uint32_t seed_count;
	zend_string *service;       /* sentinel: the name of the monitored master */
	struct _redislock_config *members; /* redlock: one complete setting per server */
	uint32_t member_count;

	zend_string *host;          /* NULL when connecting to a unix socket */
	zend_long port;
	zend_string *socket;        /* NULL for TCP */
	zend_string *user;          /* NULL: AUTH with the password alone */
	zend_string *password;      /* NULL: no AUTH */
	zend_long database;
	zend_long min_replicas;     /* locks: replicas that must have an acquisition (WAIT) */
	zend_long max_attempts;     /* queues: reservations a task gets before it is dead (0: no limit) */
	double retry_backoff;       /* queues: seconds before an expired reservation's task is due again, doubled per attempt */
	zend_string *queue_layout;  /* queues: "auto" (NULL: the default) or "zset" (the layout of releases before the stream) */
	bool queue_options;         /* max_attempts or retry_backoff was given (the other classes refuse them) */
	bool watchdog;              /* renew held locks and permits from the watchdog thread */
	double watchdog_lease;      /* seconds: the lifetime renewals keep */
	double watchdog_max_hold;   /* seconds after which a hold is no longer renewed */
	double connect_timeout;     /* seconds */
	double read_timeout;        /* seconds */
	zend_string *prefix;        /* NULL: the class's own default */
	bool auto_release;
	HashTable *tls;             /* NULL: plain TCP; else PHP "ssl" context options */
	bool persistent;            /* reuse the connection across requests */
	zend_string *persistent_id; /* NULL, or a name that separates pools */
	zend_string *holder;        /* locks, semaphores: the label of their holds in inspect(); NULL:
	                             * "<host name>:<pid>", "": none */
	zend_string *endpoint;      /* "host:port" or "unix:path", for messages; for the
	                             * other modes a description of the whole setup */
} redislock_config;

/* The longest label the holder option takes, in bytes. */
#define REDISLOCK_MAX_HOLDER 64

/* The bounds of the queue options. */
#define REDISLOCK_MAX_ATTEMPTS 1000000
#define REDISLOCK_MAX_BACKOFF 3600.0

#define REDISLOCK_WATCHDOG_LEASE 10.0
#define REDISLOCK_WATCHDOG_MAX_HOLD 300.0
#define REDISLOCK_WATCHDOG_MIN_LEASE 0.05
#define REDISLOCK_WATCHDOG_MAX_LEASE 3600.0

/* The classes, for the masks of what each takes (redislock_config_for_class()). */
typedef enum {
	REDISLOCK_CLASS_LOCK = 1 << 0,
	REDISLOCK_CLASS_SEMAPHORE = 1 << 1,
	REDISLOCK_CLASS_LIMITER = 1 << 2,
	REDISLOCK_CLASS_QUEUE = 1 << 3,
	REDISLOCK_CLASS_LATCH = 1 << 4
} redislock_class;

/* The lookup of options by name: built in MINIT, released in MSHUTDOWN. */
void redislock_config_startup(void);
void redislock_config_shutdown(void);

/* Fills cfg from a DSN string, an options array, or, when both are NULL, the INI
 * default. On bad input throws a ValueError or TypeError about argument arg_num. */
zend_result redislock_config_parse(redislock_config *cfg, zend_string *dsn, HashTable *options, uint32_t arg_num);
void redislock_config_free(redislock_config *cfg);
/* What a class does not take of a parsed cfg: an option outside its row's
 * classes, or one it takes but not in the mode cfg is in, and then a word option
 * (queue_layout) whose value is none of its words. FAILURE after throwing a
 * ValueError about argument arg_num (cfg then freed). */
zend_result redislock_config_for_class(redislock_config *cfg, redislock_class cls, uint32_t arg_num);

/* "host:port" of an address, with brackets around an IPv6 host. */
zend_string *redislock_addr_string(const zend_string *host, zend_long port);

/* The DSN with its password (userinfo or password= option) replaced by "***",
 * for phpinfo. */
zend_string *redislock_config_redact(const char *dsn);

/* Adds the settings a developer may see (never the password) to an array. */
void redislock_config_describe(const redislock_config *cfg, zval *array);

#endif

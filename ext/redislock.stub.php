<?php

/**
 * redislock: distributed locks and a delayed task queue on Redis.
 *
 * This file declares the PHP API of the extension. The arginfo header beside it
 * is generated from it by gen_stub.php; it also serves as the IDE stub.
 *
 * @generate-class-entries
 */

/** Base class of every error the extension raises for a Redis failure. */
class RedisLockException extends RuntimeException {}

/** The server could not be reached, or the connection broke during a call. */
class RedisLockConnectionException extends RedisLockException {}

/** A connect or read timeout expired, or a wait for a lock ran out. */
class RedisLockTimeoutException extends RedisLockException {}

/** Redis answered with an error (wrong password, OOM, WRONGTYPE, ...). */
class RedisLockServerException extends RedisLockException {}

/**
 * Distributed locks, method-compatible with the classic "RedisLock" PHP class.
 *
 * Every acquisition is one atomic step that sets the key with its lifetime and a
 * fresh token (128 random bits; "<fencing number>:<random>" once a number is
 * drawn); unlock, expire and isLocking only act while Redis still holds that token.
 * Waiters block on the server in FIFO order; unlock promises the lock to the first
 * of them and wakes it, never by polling, and a caller that does not wait never
 * gets ahead of them.
 *
 * @not-serializable
 */
class RedisLock
{
    /**
     * The longest lifetime ($expire) or wait ($timeout) a method takes, in seconds
     * (about 31.7 years); a larger one is a ValueError.
     * @var float
     * @cvalue REDISLOCK_MAX_SECONDS
     */
    public const MAX_SECONDS = UNKNOWN;

    /**
     * The most names one inspectMany() reads.
     * @var int
     * @cvalue REDISLOCK_MAX_INSPECT_MANY
     */
    public const MAX_INSPECT_MANY = UNKNOWN;

    /**
     * The shortest lease of the watchdog option, in seconds, for every class that
     * takes it.
     * @var float
     * @cvalue REDISLOCK_WATCHDOG_MIN_LEASE
     */
    public const WATCHDOG_MIN_LEASE = UNKNOWN;

    /**
     * The longest lease of the watchdog option, in seconds, for every class that
     * takes it.
     * @var float
     * @cvalue REDISLOCK_WATCHDOG_MAX_LEASE
     */
    public const WATCHDOG_MAX_LEASE = UNKNOWN;

    /**
     * @param string|array|null $connection A DSN ("redis://user:pass@host:6379/0",
     *        "rediss://host:6380?cafile=/etc/ssl/ca.pem", "unix:///run/redis.sock?db=0"),
     *        "sentinel://h1:26379,h2:26379/mymaster", "redis-cluster://h1:7000,h2:7001"),
     *        an array of options (host, port, socket, user, password, database,
     *        connect_timeout, read_timeout, prefix, auto_release, tls, persistent,
     *        persistent_id, min_replicas, watchdog, holder; sentinel + service, cluster, or
     *        redlock: a list of DSNs or option arrays of independent servers, a lock
     *        then being held by a majority of them), or null for the INI setting
     *        redislock.default_connection. With min_replicas, an acquisition that
     *        fewer replicas confirm in time is released again and throws
     *        RedisLockTimeoutException. With watchdog (true, or ['lease' => 10,
     *        'max_hold' => 300] in seconds), every lock this object holds lives
     *        lease seconds, renewed by a thread of the extension every lease / 3
     *        until it is released or max_hold has passed; a renewal that finds it
     *        gone marks it lost (isLocking() false, ttl() null, unlock() false).
     *        With holder (a string of at most 64 bytes, any bytes), inspect() names
     *        the holds of this object so instead of "<host name>:<pid>"; "" names
     *        none. The label rides in the token after its random part.
     *        Nothing is sent until the first call. A malformed DSN, an unknown option
     *        or a bad value is a ValueError; an option of the wrong type a TypeError.
     */
    public function __construct(#[\SensitiveParameter] string|array|null $connection = null) {}

    /**
     * Take the lock $name. $timeout: seconds to keep trying (0 = try once).
     * $expire: lifetime in seconds, after which Redis drops the lock.
     * $waitIntervalUs: accepted for compatibility and ignored: a waiter is woken by
     * the server when the lock is released, it never polls.
     * Returns false when the lock is busy; throws only when Redis fails.
     */
    public function lock(string $name, float $timeout = 0, float $expire = 15, int $waitIntervalUs = 100000): bool {}

    /**
     * Take the lock $name shared (a read lock): any number of shared holders, or
     * one exclusive holder, never both. Same $timeout and $expire as lock(); each
     * shared holder has its own token and lifetime, so a crashed reader frees its
     * share when its own $expire ends. Fair: waiters are served first come, first
     * served, a run of consecutive shared waiters together, and a queued
     * exclusive waiter keeps later shared callers out (no writer starvation).
     * On a name this object holds exclusively: demotes it at once and lets the
     * shared waiters behind it in. On a name it holds shared: a new lifetime.
     * unlock(), expire(), isLocking(), ttl() and auto-release work as for lock().
     * lock() on a name this object holds shared promotes it: it waits up to its
     * $timeout to be the only holder, then converts atomically; if another holder
     * is already waiting to promote, it returns false at once (the later one
     * fails), keeping its shared hold, as does a promotion that times out.
     * Not available with redlock (BadMethodCallException).
     */
    public function lockShared(string $name, float $timeout = 0, float $expire = 15): bool {}

    /** Release a lock this object holds. False if it had expired or passed to someone else. */
    public function unlock(string $name): bool {}

    /** Release every lock this object holds; true only if every release succeeded. */
    public function unlockAll(): bool {}

    /** Give a held lock a new lifetime of $expire seconds from now. */
    public function expire(string $name, float $expire): bool {}

    /** True when this object took the lock and Redis still holds its token. */
    public function isLocking(string $name): bool {}

    /**
     * Take the lock and return its token, for release from any process or request.
     * The token is "<fencing number>:<random>", so (int) $token is its fencing number.
     * With $fenced = false it is "<random>", taken as lock() takes a lock (one SET NX
     * PX when the name is free); fenceLock() draws its number later, if ever.
     * With $shared, a shared hold (as lockShared()) whose token is "shared:<random>".
     * With redlock it is "redlock:<random>", fenced or not. The random part alone
     * names the hold: with or without a number in front, the token releases,
     * extends and checks it. The object does not remember it: it is not
     * auto-released. With $watch, the hold lives the watchdog's lease and is
     * renewed as watchLock() renews it, for $expire seconds at most, in the same
     * round trip; BadMethodCallException without the "watchdog" option.
     */
    public function addLock(string $name, float $expire = 15, float $timeout = 0, bool $shared = false, bool $fenced = true, bool $watch = false): string|false {}

    /**
     * Draw the fencing number of the exclusive hold under $token, while it still
     * holds: returns the token with its number, "<fencing number>:<random>" (the
     * old token keeps naming the hold too). The number is drawn once per hold:
     * asked again, with either token, for instance after an exception (a lost
     * reply), it returns the same. False when $token holds nothing. A shared
     * token ("shared:...") is a ValueError: shared holds have no numbers. Throws
     * BadMethodCallException with redlock, which has none.
     */
    public function fenceLock(string $name, string $token): string|false {}

    /**
     * Convert the hold under $token to a shared one ($shared: at once, letting in
     * the shared waiters behind it) or an exclusive one (a promotion, waiting up to
     * $timeout to be the only holder; false at once when another holder's
     * promotion waits), with a new lifetime of $expire seconds. Returns the new
     * token, or false when the hold is not converted (it then stays as it was, if
     * it still exists). A token already of that kind is only renewed. For adapters
     * that keep tokens themselves; not available with redlock.
     */
    public function convertLock(string $name, string $token, bool $shared, float $timeout = 0, float $expire = 15): string|false {}

    /** Release the lock only if it still holds $token. True once, then false. */
    public function releaseLock(string $name, string $token): bool {}

    /**
     * Give the lock holding $token a new lifetime of $expire seconds from now. A
     * watchLock() of that hold ends: it lives $expire, as asked.
     */
    public function extendLock(string $name, string $token, float $expire): bool {}

    /**
     * Keep the hold under $token (from addLock() or convertLock()) alive for as long
     * as this object lives, and at most $maxHold seconds from now: it gets the
     * watchdog's lease at once, and the watchdog renews it every lease / 3, the
     * last renewals only to $maxHold, so the hold ends at $maxHold if nobody
     * releases it, or within one lease after this process dies or the object ends
     * (the hold is not released then: it is not the object's own). For adapters
     * whose holder takes a lock with a lifetime and may die holding it. Calling it
     * again for the same hold moves the bound; extendLock(), releaseLock() and
     * convertLock() of the hold end the watch before they send (a conversion that
     * is refused keeps it). False, watching nothing, when
     * $token holds nothing. Throws BadMethodCallException without the "watchdog"
     * option.
     */
    public function watchLock(string $name, string $token, float $maxHold): bool {}

    /**
     * The fencing number of a lock this object holds: greater than the number of
     * every earlier holder of the name that drew one. For lock() it is drawn on the
     * first call, in one round trip, while the lock is still held (null when it is
     * not any more), then kept. Null for a shared hold: numbers order exclusive
     * holders, whose writes they guard. Throws BadMethodCallException with
     * redlock, which has none.
     */
    public function fencingToken(string $name): ?int {}

    /**
     * Take the lock, run $fn, and release the lock even when $fn throws.
     * Returns what $fn returns; throws RedisLockTimeoutException when the lock
     * cannot be had within $timeout seconds.
     */
    public function synchronized(string $name, callable $fn, float $timeout = 0, float $expire = 15): mixed {}

    /** Seconds left on a lock this object holds, or null when it holds none (with redlock: on a majority). */
    public function ttl(string $name): ?float {}

    /** True when anyone holds the lock $name (with redlock: on a majority of the servers). */
    public function isLocked(string $name): bool {}

    /**
     * Take every lock in $names, or none of them, in one atomic step, so that two
     * callers taking [a, b] and [b, a] can never deadlock. On a Redis Cluster the
     * names must share a hash slot (a common "{tag}"), otherwise ValueError. At
     * most 250 names, all different (compared byte by byte), otherwise ValueError:
     * one script takes them, and Redis serves nobody while it runs.
     *
     * @param string[] $names
     */
    public function lockMany(array $names, float $timeout = 0, float $expire = 15): bool {}

    /**
     * Whether the lock $name is held under $token (from addLock(), or a lock this
     * or another object took), with no side effect at all (with redlock: on a
     * majority). For adapters that check ownership before acting.
     */
    public function holdsLock(string $name, string $token): bool {}

    /**
     * Remove the lock $name whoever holds it, and wake the next waiter. True when
     * there was one to remove (with redlock: on a majority). For operators and
     * framework adapters: the holder is not told, and may go on working as if it
     * still held the lock; its own unlock() then returns false. Fencing numbers
     * are what protects the data in that window.
     */
    public function forceUnlock(string $name): bool {}

    /**
     * Who holds the lock $name and who waits behind it, for operators: read-only,
     * one round trip, by the server's clock. Null when nobody holds it and nobody
     * waits; otherwise ['mode' => 'exclusive' or 'shared', 'holders' => int,
     * 'ttl' => ?float (seconds left; for a shared lock, of the longest share; null
     * when nobody holds it), 'waiters' => int, 'oldest_wait' => ?float (seconds
     * the first waiter in the queue has waited; null when none), 'fencing' => ?int
     * (the holder's fencing number), 'promised' => bool (the lock is handed to the
     * first waiter, which has not taken it up yet), 'held_by' => list<string> (who
     * holds it: for an exclusive lock its holder, for a shared lock the holders of
     * the 10 shares that end last, latest first; each named by the holder option
     * of the object that acquired, else "<host name>:<pid>" of the process that
     * acquired; [] for nobody, and a hold taken by a release that writes no label
     * is named by nobody)]. No token, nor any part of its random digits, is
     * returned. Not available with redlock (BadMethodCallException).
     */
    public function inspect(string $name): ?array {}

    /**
     * inspect() of up to 1000 names in one round trip (one name at a time on a
     * Cluster or behind Sentinel): name => what inspect() returns for it (null:
     * nobody holds it, nobody waits), or ['error' => string] for a name whose key
     * the server refused to read (a key of another type, not ours). A failure of
     * the connection throws, as inspect() does; more than 1000 names, or one that
     * is not a non-empty string, is a ValueError.
     * @param string[] $names
     */
    public function inspectMany(array $names): array {}

    /**
     * The names of the locks under this object's prefix, held or waited for: at
     * most about $count keys are examined per call (SCAN); pass the returned cursor
     * back until it is null. On a cluster the cursor walks every master. A name may
     * come back in more than one call. Not available with redlock
     * (BadMethodCallException).
     * @return array{names: list<string>, cursor: ?string}
     */
    public function names(?string $cursor = null, int $count = 100): array {}
}

/**
 * Counting semaphores: at most $limit permits of a name held at once, across
 * processes and servers. Waiters are served strictly first come, first served (a
 * request for several permits is never overtaken by later smaller ones), blocked
 * on the server and woken when their permits are free, never by polling. Every
 * acquisition has its own token and lifetime: a crashed holder's permits come
 * back when its $expire ends.
 *
 * @not-serializable
 */
class RedisSemaphore
{
    /**
     * The largest $limit of acquire(); a larger one is a ValueError.
     * @var int
     * @cvalue REDISLOCK_SEMAPHORE_MAX_LIMIT
     */
    public const MAX_LIMIT = UNKNOWN;

    /**
     * The longest lifetime ($expire) or wait ($timeout) a method takes, in seconds
     * (about 31.7 years); a larger one is a ValueError.
     * @var float
     * @cvalue REDISLOCK_MAX_SECONDS
     */
    public const MAX_SECONDS = UNKNOWN;

    /**
     * The most names one inspectMany() reads.
     * @var int
     * @cvalue REDISLOCK_MAX_INSPECT_MANY
     */
    public const MAX_INSPECT_MANY = UNKNOWN;

    /**
     * @param string|array|null $connection Same forms as RedisLock::__construct(),
     *        except redlock (a ValueError). The key prefix defaults to "Semaphore:".
     *        With watchdog, the permits this object holds are renewed as
     *        RedisLock's locks are.
     */
    public function __construct(#[\SensitiveParameter] string|array|null $connection = null) {}

    /**
     * Take $permits of the at most $limit concurrent permits of $name.
     * $timeout: seconds to wait in the queue (0 = try once). $expire: lifetime of
     * this acquisition in seconds. Returns its token ("<permits>:<random>", the
     * random part ending with the holder's label: see inspect()), or
     * false when the permits were not free in time; throws only when Redis fails.
     * Holders with different limits each count against their own.
     */
    public function acquire(string $name, int $limit, float $timeout = 0, float $expire = 15, int $permits = 1): string|false {}

    /** Give back the permits of $token. False if they had expired. */
    public function release(string $name, string $token): bool {}

    /** Give the acquisition $token a new lifetime of $expire seconds from now. False if it had expired. */
    public function extend(string $name, string $token, float $expire): bool {}

    /** Whether the acquisition $token of $name still holds its permits; no side effect. */
    public function holds(string $name, string $token): bool {}

    /** The permits of $name held now; lapsed acquisitions are not counted. */
    public function count(string $name): int {}

    /**
     * Run $fn holding one of the $limit permits of $name, and release it
     * afterwards, also when $fn throws. Returns what $fn returns; throws
     * RedisLockTimeoutException when no permit was free within $timeout.
     */
    public function synchronized(string $name, int $limit, callable $fn, float $timeout = 0, float $expire = 15): mixed {}

    /**
     * Who holds permits of $name and who waits, for operators: read-only, one
     * round trip, by the server's clock. Null when nobody holds any and nobody
     * waits; otherwise ['held' => int (permits), 'holders' => int (acquisitions),
     * 'ttls' => list<float> (each acquisition's seconds left, longest first),
     * 'waiters' => int, 'oldest_wait' => ?float (seconds the first waiter has
     * waited; null when none), 'held_by' => list<string> (who holds the 10
     * acquisitions that end last, latest first, named as RedisLock::inspect()
     * names them)]. No token, nor any part of its random digits, is returned.
     */
    public function inspect(string $name): ?array {}

    /**
     * inspect() of up to 1000 names in one round trip (one name at a time on a
     * Cluster or behind Sentinel): name => what inspect() returns for it (null:
     * nobody holds it, nobody waits), or ['error' => string] for a name whose key
     * the server refused to read (a key of another type, not ours). A failure of
     * the connection throws, as inspect() does; more than 1000 names, or one that
     * is not a non-empty string, is a ValueError.
     * @param string[] $names
     */
    public function inspectMany(array $names): array {}

    /**
     * The names of the semaphores under this object's prefix, held or waited for,
     * listed as RedisLock::names() lists locks.
     * @return array{names: list<string>, cursor: ?string}
     */
    public function names(?string $cursor = null, int $count = 100): array {}
}

/**
 * A delayed task queue on one sorted set per queue, method-compatible with the
 * classic "RedisQueue" PHP class. Every call is a single atomic round trip.
 *
 * @not-serializable
 */
class RedisQueue
{
    /**
     * The most bytes one payload may have; a larger one is a ValueError.
     * @var int
     * @cvalue REDISLOCK_MAX_PAYLOAD
     */
    public const MAX_PAYLOAD_BYTES = UNKNOWN;

    /**
     * The most bytes the payloads of one enqueue() may have in all; more is a
     * ValueError.
     * @var int
     * @cvalue REDISLOCK_MAX_PAYLOADS
     */
    public const MAX_BATCH_BYTES = UNKNOWN;

    /**
     * The longest delay, visibility or wait a method takes, in seconds (about 31.7
     * years); a larger one is a ValueError.
     * @var float
     * @cvalue REDISLOCK_MAX_SECONDS
     */
    public const MAX_DELAY = UNKNOWN;

    /**
     * The most queues one stats() call reads.
     * @var int
     * @cvalue REDISLOCK_MAX_STATS
     */
    public const MAX_STATS = UNKNOWN;

    /**
     * @param string|array|null $connection Same forms as RedisLock::__construct(),
     *        except redlock, min_replicas and holder, plus max_attempts (int, 0 to 1000000;
     *        0: no limit) and retry_backoff (float seconds, 0 to 3600) for reserve().
     *        With watchdog, every reservation this object holds is renewed every
     *        visibility / 3 (a receipt-checked touch()) until it is acked, released
     *        or failed, the object ends, or the process dies; watchdog_max_hold
     *        bounds how long one reservation is renewed.
     */
    public function __construct(#[\SensitiveParameter] string|array|null $connection = null) {}

    /**
     * Add one id or a list of ids, due $afterInterval seconds from now (Redis's clock).
     * An id already queued keeps its due time (and its payload) unless $replace is true.
     * $payload: for one id, its bytes; for a list, an array of id => bytes (ids
     * left out carry none). A task that is added or replaced carries exactly the
     * payload given (or none). At most 16 MiB per payload and 64 MiB per call.
     * A list goes in pages of 250 ids (REDISLOCK_QUEUE_PAGE), one script each:
     * each page is atomic, a longer list is not ($timeout applies per page).
     * One id due now is one short script; only an id the queue already holds in
     * flight, delayed or dead (or replaced while it waits) takes the page script
     * after it, with a $timeout of its own.
     */
    public function enqueue(string $name, string|int|array $id, float $timeout = 10, float $afterInterval = 0, bool $replace = false, string|array|null $payload = null): bool {}

    /**
     * Add one run of one id, or not, as its uniqueness mode $unique says, in one
     * script (one round trip, on either layout); returns 'queued' (a run was
     * added: due $delay seconds from now by Redis's clock, or parked behind the
     * id's run in flight), 'duplicate' (nothing changed: the task there keeps
     * its due time and payload) or 'debounced' (the waiting run took $payload
     * and a new due time). $payload: the task's bytes (at most 16 MiB), or null
     * for none; a task that is queued or debounced carries exactly that.
     * Uniqueness is per queue and id, and is the task's presence (a run waiting,
     * parked or in flight): there is no lock to outlive a killed worker, whose
     * task comes back after the visibility, or dies at max_attempts. $unique:
     * - 'none': enqueue()'s rules for one id: a waiting run (queued, delayed or
     *   parked) is a duplicate; an id in flight gets one run parked, which runs
     *   once the current run ends.
     * - 'until_started': a duplicate while a run not started yet waits (the same
     *   rules as 'none', promised by name); once a worker has reserved it, a
     *   submit parks a re-run.
     * - 'until_done': a duplicate while a run waits or is in flight (never parks
     *   a re-run); once it is acked, dead or removed, the id queues again. With
     *   $uniqueFor > 0 (at least 1 µs) a run in flight is a duplicate only until
     *   $uniqueFor seconds after the submit that queued it (as a lock's ttl
     *   caps it); past that a submit parks a re-run behind it. A waiting run
     *   stays a duplicate. The cap is kept per id until it passes: another
     *   submit that queues a run of the id forgets it (then no cap holds), a
     *   run enqueue() queues is held to it.
     * - 'window': a duplicate for $uniqueFor seconds (at least 1 µs, required) from the
     *   submit that queued it, whether or not it ran meanwhile; after that,
     *   'none'. The window's end is kept under the queue's hash tag (key
     *   "<queue's key>:unique"), which expires with the last window.
     * - 'debounce': a waiting run takes $payload and is due $delay seconds from
     *   now, but with $maxWait > 0 never later than its first submit + $maxWait
     *   ('debounced'), starting afresh (attempts from 0) when it waited for a
     *   retry; otherwise a run is queued as 'none' would ('queued'), a
     *   parked one being debounced by the submits that follow. A waiting run
     *   already due whose first submit is not known (queued by enqueue(), or its
     *   $maxWait passed) keeps its due time.
     * $uniqueKey (bytes, 1 to 65536) makes the uniqueness a key's instead of the
     * id's, as a framework's unique job or deduplication key is: each run keeps
     * its own id (its own attempts, retries and dead letter), and the key is
     * held by the run that a submit with it queued last, by that submit's mode:
     * while the run waits ('until_started', 'debounce'), waits or runs
     * ('until_done'), and with $uniqueFor > 0 ('until_started' or
     * 'until_done') at most $uniqueFor seconds from that submit, as a lock's
     * ttl would. Another id's submit is then a duplicate, or with 'debounce'
     * debounces the holder's waiting run. A holder acked, dead, removed, lapsed
     * to its death or past its cap holds nothing, nor does a later run of its
     * id that starts from nothing (enqueue(), retryDead(), submit() without the
     * key); there is no lock to release or to outlive a killed worker. With
     * 'window' the window is the key's. The id's own rules still apply after
     * the key's (a waiting run of the same id is a duplicate). The keys live in
     * "<queue's key>:keyed" (pruned a few a call once their holder is gone,
     * deleted by clear()).
     * $uniqueFor is taken only with 'window' and 'until_done', and with
     * $uniqueKey also 'until_started'; $maxWait only with 'debounce';
     * $uniqueKey with any mode but 'none'.
     * $priority is for priorities, which come in a later release: only 0 is
     * taken now. ValueError: an unknown mode, a number negative, not finite or
     * over MAX_DELAY, $uniqueFor, $maxWait or $uniqueKey with a mode that does
     * not take it, a priority other than 0, an empty id or key, a key over
     * 65536 bytes, a payload over MAX_PAYLOAD_BYTES.
     */
    public function submit(string $name, string|int $id, ?string $payload = null, float $delay = 0, int $priority = 0, string $unique = 'none', float $uniqueFor = 0, float $maxWait = 0, ?string $uniqueKey = null): string {}

    /**
     * Pause the queue, until resume(), or for $for seconds (by Redis's clock) when
     * $for > 0: reserve() and pop() hand out none of its tasks (over a list of
     * queues they take from the others) and a worker blocked on it is not woken
     * by new tasks, each decided in the round trip the call makes anyway, for
     * every worker on every server. Producers and the tasks in flight are not
     * affected: enqueue(), submit(), ack(), release(), touch(), fail(), and the
     * return of expired reservations work as ever. The pause is the queue's,
     * kept on the server (key "<queue's key>:paused"); it outlives clear() and
     * migrate(). Pausing a paused queue gives it the new end. Workers blocked on
     * the queue look again at once (zset layout) or within a second (a pop() on
     * the stream layout), then wait for the end; a reserve() blocked on the
     * stream layout sleeps out its own wait first. A key of
     * another type at the pause's or the stream's name refuses the call
     * (RedisLockServerException), nothing written. Returns true when
     * the queue was not paused, false when it was. Workers of an earlier release
     * than the one that added it do not see a pause. ValueError: $for negative,
     * not finite or over MAX_DELAY.
     */
    public function pause(string $name, float $for = 0): bool {}

    /**
     * End the queue's pause (of either kind) and wake its blocked workers, as many
     * as tasks are due (16 at most) on the zset layout, on the stream layout each
     * while tasks are left. Returns true when the queue was paused, false when
     * it was not (a pause for a time that has ended is not one).
     */
    public function resume(string $name): bool {}

    /** Remove $id only if its stored score still equals $score (as returned by top/pop). */
    public function dequeue(string $name, string|int $id, float $score, float $timeout = 10): bool {}

    /**
     * Take up to $count due tasks, lowest score first, and remove them.
     * With $count == 1: ['id' => string, 'score' => float] or false; otherwise a list.
     * An entry has 'payload' => string when its task carries one (here and in
     * top(), reserve() and dead()).
     * $wait > 0 blocks up to $wait seconds for a task to become due.
     * $name may be a list of queues in order of preference: the tasks come from
     * the first that has any, each entry then also says 'queue' => its name, and
     * the wait is on all of them at once (on a cluster they must share a slot).
     * One script takes at most 250 tasks (REDISLOCK_QUEUE_PAGE): a larger $count
     * takes them a page at a time, each page atomic, until $count or a short page.
     */
    public function pop(string|array $name, int $count = 1, float $timeout = 10, float $wait = 0): array|false {}

    /**
     * The same as pop(), without removing anything; a page of 250 per script, each
     * resuming after the last task of the one before.
     */
    public function top(string $name, int $count = 1): array|false {}

    /**
     * Take up to $count due tasks and hold them in flight for $visibility seconds:
     * each entry is ['id' => string, 'score' => float, 'receipt' => string,
     * 'attempts' => int] (and 'queue' when $name is a list, as for pop()). A task
     * that is neither acked nor released in time becomes due again, after the
     * retry_backoff its attempts call for, or, once it has had $maxAttempts
     * reservations (default: the max_attempts option; 0: no limit), goes to the
     * dead letters instead. On the stream layout (queue_layout auto, once the
     * queue's stream exists) max attempts and retry_backoff are the queue's
     * settings: $maxAttempts (or the option) is written to the queue, last writer
     * wins, and applies to every reservation of it, settled by whichever worker
     * finds it expired or releases it; the visibility kept is the longest asked.
     * Pages of 250 as for pop(); one script also returns at most 250 expired
     * reservations to the queue, and looks for tasks to hand out among about 500
     * due ones over all its queues (ids in flight, enqueued
     * again, are skipped; tasks behind more of them wait until those runs end).
     */
    public function reserve(string|array $name, int $count = 1, float $visibility = 30, float $wait = 0, ?int $maxAttempts = null): array|false {}

    /**
     * Finish a reserved task. With $receipt, only that reservation: false when it
     * has expired and the task may be someone else's now. False if not in flight.
     * With $defer (and a receipt of the stream layout), the ack is kept and sent in
     * the same write as the next reserve() or pop() (any other call, the object's
     * end and the request's end send it first); it answers true at once. With
     * $failed, the run ends as an ack ends it but counts as failed in the queue's
     * counters, not processed (the caller handles the failure itself: Messenger's
     * reject() after its retry copy or failure transport took the message).
     */
    public function ack(string $name, string|int $id, ?string $receipt = null, bool $defer = false, bool $failed = false): bool {}

    /**
     * Put a reserved task back, due again after $delay seconds (or dead, when it
     * has used up its attempts). With $receipt, only that reservation.
     */
    public function release(string $name, string|int $id, float $delay = 0, ?string $receipt = null): bool {}

    /** Extend a reservation still in flight to $visibility seconds from now. With $receipt, only that one. */
    public function touch(string $name, string|int $id, float $visibility, ?string $receipt = null): bool {}

    /**
     * Move a task to the dead letters now, whatever attempts it has left: one in
     * flight (with $receipt, only that reservation) or, without $receipt, one
     * queued. With $payload, the dead letter carries that payload instead of its
     * own. False when the task is neither (or the receipt is no longer current).
     */
    public function fail(string $name, string|int $id, ?string $receipt = null, ?string $payload = null): bool {}

    /** @return array{due: int, delayed: int, inflight: int, dead: int} */
    public function size(string $name): array {}

    /**
     * What an operator asks of a queue, read-only, by the server's clock: for one
     * name ['due' => int, 'delayed' => int, 'inflight' => int, 'dead' => int,
     * 'oldest_due_age' => float (seconds the oldest due task has waited; 0.0 when
     * none is due), 'next_due_in' => ?float (seconds until the first delayed task
     * falls due; null when none), 'overdue' => int (reservations past their
     * deadline that no call has returned to the queue yet), 'paused' => bool,
     * 'pause_left' => ?float (seconds until a pause for a time ends; null when
     * not paused or paused until resume()), 'counts' => the queue's counters,
     * kept on the server since its first run of this release (null when their
     * key holds something else, written by hand): ['processed' =>
     * int (runs acked), 'failed' => int (runs ended by fail() or acked as
     * failed), 'released' => int (runs given back by release()), 'retried' =>
     * int (runs whose reservation lapsed, queued again), 'dead' => int (dead
     * letters made), 'durations' => [upper bound in seconds (0.005 ... 3600,
     * then '+Inf') => runs acked within it, cumulative, of those acked with
     * their receipt by the object that reserved them], 'duration_sum' => float
     * (their seconds)]];
     * for a list of up to 1000 names, name => that array. One round trip on a
     * single server.
     */
    public function stats(string|array $names): array {}

    /**
     * The last hour of the queue's counters, a minute at a time, oldest first:
     * for each minute in which a worker of this release reserved from the queue
     * (its upkeep looks once a call at most), the counters as they were at that
     * minute's first look, as stats()['counts'] gives them, with 'at' => int
     * (the minute's start, Unix seconds, by the server's clock) first. The
     * difference of two is what the queue did between them. At most 60 entries;
     * [] for a queue no worker of this release reserved from in the last hour.
     * One round trip, read-only.
     */
    public function history(string $name): array {}

    /**
     * The names of the queues under this object's prefix, for operators: at most
     * about $count keys are examined per call (SCAN); pass the returned cursor back
     * until it is null. On a cluster the cursor walks every master. A name may come
     * back in more than one call. Names are told apart by the prefix alone: give
     * the classes prefixes that are not prefixes of each other (the defaults are not).
     * @return array{names: list<string>, cursor: ?string}
     */
    public function names(?string $cursor = null, int $count = 100): array {}

    /**
     * The queue_layout this object was constructed with: "zset", or "auto" (the
     * default, also when the option was left out). Sends nothing.
     */
    public function layout(): string {}

    /** Remove a task, queued, in flight or dead. */
    public function remove(string $name, string|int $id): bool {}

    /**
     * Remove every task of the queue, dead letters included; returns how many were
     * removed. The keys are UNLINKed: the server frees them in the background. The
     * queue's settings (the longest visibility, max attempts, backoff) stay: the
     * workers may still count on them.
     */
    public function clear(string $name): int {}

    /**
     * The oldest $count dead letters: a list of ['id' => string, 'attempts' => int,
     * 'time' => float (when it died, Unix seconds of the server's clock)].
     * Read a page of 250 per script, each resuming after the last of the one before.
     * 'payload' (when the task has one): its bytes, or with $payloadBytes at most
     * that many of them and 'payload_bytes' its whole length (0: the length alone,
     * read without copying the payload), so that a listing's memory stays bounded
     * whatever the payloads weigh.
     */
    public function dead(string $name, int $count = 100, ?int $payloadBytes = null): array {}

    /**
     * The tasks not due yet (delayed, released with a delay, backing off), the
     * earliest due first, without changing them: a list of up to $count of
     * ['id' => string, 'score' => float (when it falls due, Unix seconds of the
     * server's clock), 'attempts' => int (the runs it has had since it was last
     * finished: a released or backed-off one's), 'payload' => string (when it has
     * one)]. Read a page of 250
     * per script, or fewer once a page carries 1 MiB of payloads, each resuming
     * after the last task of the one before: a task that stays through the call
     * is listed once; one that comes, goes or moves meanwhile may be listed or
     * not. The due tasks are top()'s.
     */
    public function delayed(string $name, int $count = 100): array {}

    /**
     * The tasks in flight (reserved, not yet acked, released or lapsed back),
     * without changing them: a list of up to $count of ['id' => string,
     * 'deadline' => ?float (when the reservation lapses unless renewed, Unix
     * seconds of the server's clock; null on a stream-layout queue that has no
     * visibility written), 'attempts' => int (this reservation included),
     * 'payload' => string (when it has one; on the sorted-set layout not when
     * the task was enqueued again while it runs: the server then keeps only the
     * waiting run's, which top() or delayed() show), 'parked' => float (on the
     * stream layout, when a run of the same id waits for this one to end: its
     * due time)]. The sorted-set layout's reservations come first, the earliest
     * deadline first, then the stream layout's, in the order they were handed
     * out. Paged as delayed().
     */
    public function reserved(string $name, int $count = 100): array {}

    /**
     * Put dead letters back in the queue, due now, attempts forgotten: the ones
     * named, or all. Returns how many. A page of 250 per script, each atomic: all
     * means those that died by the call's first page (one dying meanwhile stays).
     */
    public function retryDead(string $name, string|int|array|null $ids = null): int {}

    /**
     * Drop every dead letter that died by the call's first page, a page of 250 per
     * script; returns how many.
     */
    public function purgeDead(string $name): int {}

    /**
     * Move a queue between the two layouts, a page of 250 per script, each atomic.
     * Forward (the default): put it on the stream layout (the stream, its consumer
     * group and its settings, which a queue that has them keeps: visibility 30 s,
     * this object's max_attempts and retry_backoff otherwise) and move its due tasks
     * onto the stream, with their payloads and the attempts they carry; delayed
     * tasks stay delayed, and reservations made by workers of the zset layout end
     * as before (ack, release, fail or expiry). An id enqueued again while such a
     * reservation is in flight stays queued until that run ends. It also turns
     * payloads by reference on (on a queue already on the stream too): a payload
     * stays where its producer wrote it, and no script copies it when it moves a
     * task. Call it once every producer and worker of the queue runs this release:
     * a client of an earlier release would see only the zset, or get tasks
     * without their payloads. With $back: take it back to the zset layout, before
     * rolling back to any earlier release (workers never move a queue by
     * themselves; those of this release follow it there): the tasks on the
     * stream that no worker has reserved go back into the queue with their
     * payloads and attempts, reservations idle for the queue's visibility (their
     * worker is gone) are settled as an expiry is (backoff, or dead), and the
     * others run to their end; once none is left the stream goes. Call it again
     * until 'inflight' is 0 and 'layout' is 'zset'.
     * Returns ['moved' => tasks moved, 'settled' => lapsed reservations settled
     * (back only), 'zset' => the tasks in the zset after the call (forward: the
     * delayed ones, and those waiting for a run in flight), 'inflight' => reservations still to end (forward: those of
     * the zset layout; back: those on the stream), 'layout' => 'stream'|'zset'].
     * @return array{moved: int, settled: int, zset: int, inflight: int, layout: string}
     */
    public function migrate(string $name, bool $back = false): array {}
}


/**
 * A rate limiter: at most $limit tokens of a name per $interval seconds, decided
 * and recorded in one atomic script on the server, by the server's clock. One key
 * per name (prefix + name, a hash), which expires once the limiter is back to its
 * full capacity. The policies are Symfony's, by the same names:
 * - "token_bucket" (GCRA): a token comes back every $interval / $limit seconds
 *   (kept to the picosecond, rounded up), up to $burst at once (default $limit);
 * - "stepped_bucket": Symfony's TokenBucket: $burst tokens (default $limit),
 *   $limit of them back at each whole $interval after the bucket's start;
 * - "fixed_window": a window opens at the first hit after the last window ended
 *   and admits $limit tokens until $interval has passed (Laravel's and Symfony's
 *   fixed windows both start at the first hit);
 * - "sliding_window": windows follow each other from the first hit; a hit counts
 *   with the hits of its window plus those of the window before, weighted by the
 *   part of it the last $interval still covers (rounded down, as Symfony does).
 * $interval is from 0.001 to 3153600000 seconds (100 years of 365 days), $limit
 * (up to 10^13 for a fixed window), $burst and $tokens from 1 to 1000000000, and
 * the time a bucket takes to refill at most ten years.
 * A name used with another policy than its state's starts afresh.
 *
 * @not-serializable
 */
class RedisRateLimiter
{
    /**
     * The largest $limit (but of a fixed window), $burst or token count; a larger one
     * is a ValueError.
     * @var int
     * @cvalue REDISLOCK_LIMITER_MAX_COUNT
     */
    public const MAX_LIMIT = UNKNOWN;

    /**
     * The largest $limit of a fixed window (10^13); a larger one is a ValueError.
     * @var int
     * @cvalue REDISLOCK_LIMITER_MAX_WINDOW_LIMIT
     */
    public const MAX_WINDOW_LIMIT = UNKNOWN;

    /**
     * The longest $interval, in seconds (100 years of 365 days); a longer one is a
     * ValueError.
     * @var float
     * @cvalue REDISLOCK_LIMITER_MAX_INTERVAL
     */
    public const MAX_INTERVAL = UNKNOWN;

    /**
     * The longest a full token bucket may take to refill ($burst * $interval /
     * $limit), in seconds (ten years); a longer one is a ValueError.
     * @var float
     * @cvalue REDISLOCK_LIMITER_MAX_REFILL
     */
    public const MAX_REFILL = UNKNOWN;

    /**
     * @param string|array|null $connection Same forms as RedisLock::__construct(),
     *        except redlock, watchdog, holder, the queue options and min_replicas on a
     *        cluster (a ValueError). With min_replicas, a decision that consumed
     *        returns once that many replicas have it (WAIT), or throws
     *        RedisLockTimeoutException, the tokens taken. The key prefix
     *        defaults to "Limiter:".
     */
    public function __construct(#[\SensitiveParameter] string|array|null $connection = null) {}

    /**
     * Take $tokens of $name if the policy allows them now, in one round trip.
     * Returns ['allowed' => bool, 'remaining' => int (tokens left after this
     * call), 'retry_after' => float (seconds until $tokens would be allowed; 0.0
     * when allowed), 'reset_after' => float (seconds until the limiter is back to
     * its full capacity), 'limit' => int]. Nothing is consumed when not allowed.
     * Waiters queued by wait() come first: a call is not allowed past them.
     */
    public function consume(string $name, int $limit, float $interval, int $tokens = 1, string $policy = 'token_bucket', ?int $burst = null): array {}

    /**
     * Wait up to $timeout seconds for $tokens of $name, in the order of arrival:
     * one script reserves the caller's place (the first moment the policy allows
     * its tokens after the waiters queued before it) when it comes within
     * $timeout, and the caller sleeps until then, by the server's clock, without
     * polling; a second command, once the place has come, checks that the
     * server still holds it and reads the limiter's state for the answer (the
     * same array as consume(), 'allowed' true). Returns false, having consumed
     * nothing, when the place would come after $timeout. PHP's signal handlers
     * run during the sleep; one that throws ends the wait, and the place
     * reserved is spent. A server that cannot be reached when the place comes
     * throws RedisLockConnectionException; one that no longer holds the place (it
     * restarted or failed over without it, or reset() forgot it) throws
     * RedisLockServerException: the place is the state's own record (the state
     * it was reserved in, named by its birth), never a state that only reached
     * it. The place is reserved once, never asked for again.
     * "sliding_window" cannot reserve a place (as in Symfony): a ValueError.
     */
    public function wait(string $name, int $limit, float $interval, int $tokens = 1, string $policy = 'token_bucket', ?int $burst = null, float $timeout = 10): array|false {}

    /**
     * What consume() would answer now, consuming nothing: 'allowed' says whether
     * $tokens would be, 'remaining' the tokens left now.
     */
    public function peek(string $name, int $limit, float $interval, int $tokens = 1, string $policy = 'token_bucket', ?int $burst = null): array {}

    /**
     * Forget the state of $name, its waiters' places included (their wait()
     * throws RedisLockServerException when their place comes). False when it had none.
     */
    public function reset(string $name): bool {}

    /**
     * The state of $name for operators: read-only, one round trip, by the
     * server's clock. Null when it has none; otherwise ['policy' => string,
     * 'limit' => int, 'interval' => float, 'burst' => ?int (null for the
     * windows), 'remaining' => int (tokens left now), 'retry_after' => float
     * (seconds until one token is allowed), 'reset_after' => float, 'backlog' =>
     * float (seconds until the last waiter's place; 0.0 when nobody waits)], with
     * the limit and interval of the last call that consumed.
     */
    public function inspect(string $name): ?array {}

    /**
     * The names of the limiters under this object's prefix that have a state,
     * listed as RedisLock::names() lists locks.
     * @return array{names: list<string>, cursor: ?string}
     */
    public function names(?string $cursor = null, int $count = 100): array {}
}

/**
 * Count-down latches: a count that processes count down, and that other
 * processes wait on until it reaches 0, as Java's CountDownLatch and Redisson's
 * RCountDownLatch. A latch is set once with its count and a lifetime; it opens
 * when the count reaches 0 and stays open until the lifetime ends, when every
 * trace of it goes. Waiters block on the server and are woken by the countDown()
 * that opens the latch, all at once, in the order they began to wait; they
 * never poll, and a waiter killed while it waits leaves nothing behind.
 *
 * @not-serializable
 */
class RedisLatch
{
    /**
     * The largest count of set() and step of countDown() (10^15); a larger one is
     * a ValueError.
     * @var int
     * @cvalue REDISLOCK_LATCH_MAX_COUNT
     */
    public const MAX_COUNT = UNKNOWN;

    /**
     * @param string|array|null $connection Same forms as RedisLock::__construct(),
     *        except redlock, min_replicas, watchdog, holder and the queue options
     *        (a ValueError). The key prefix defaults to "Latch:".
     */
    public function __construct(#[\SensitiveParameter] string|array|null $connection = null) {}

    /**
     * Create the latch $name with $count (0 to MAX_COUNT; 0 is open at once), for
     * $ttl seconds from now (up to RedisLock::MAX_SECONDS), in one round trip.
     * False, with nothing changed, when a latch of the name exists (counting or
     * open) or its key holds something else.
     */
    public function set(string $name, int $count, float $ttl = 86400): bool {}

    /**
     * Count $name down by $by (1 to MAX_COUNT), never below 0, in one round
     * trip, its lifetime unchanged. Returns what is left; the call that brings it
     * to 0 opens the latch and wakes every waiter. 0 for a latch already open
     * (nothing changed); false when no latch of the name exists (never set, or
     * its lifetime ended).
     */
    public function countDown(string $name, int $by = 1): int|false {}

    /** The count of $name (0: open); false when no latch of the name exists. Read-only. */
    public function count(string $name): int|false {}

    /**
     * Wait up to $timeout seconds (0: look once) until the count of $name reaches
     * 0. True when the latch is open (at once when it is already); false when the
     * time is up, or when no latch of the name exists (never set, or its lifetime
     * ended, then or during the wait: the wait is on the latch the name has when
     * it starts, not on one set after it). The wait is on the server, with no polling:
     * a look at the count (one script) then one blocking command for the whole
     * wait, to $timeout or to the end of the latch's lifetime; the waiters are
     * woken in the order they began to wait. A signal PHP must serve ends the
     * block at once: its handlers run and the wait goes on (a handler that throws
     * ends it).
     */
    public function await(string $name, float $timeout): bool {}

    /**
     * A latch for operators, read-only, in one round trip: null when no latch of
     * the name exists; otherwise ['count' => int, 'open' => bool (the count is
     * 0), 'ttl' => ?float (seconds its lifetime has left; null for a count
     * written without one, not by set())].
     */
    public function inspect(string $name): ?array {}

    /**
     * The names of the latches under this object's prefix, listed as
     * RedisLock::names() lists locks.
     * @return array{names: list<string>, cursor: ?string}
     */
    public function names(?string $cursor = null, int $count = 100): array {}
}

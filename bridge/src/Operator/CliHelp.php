<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command's help: its subcommands (synopsis, summary,
 * description), options and exit codes, as the whole text, one subcommand's, the
 * two lines that follow a usage error, or the help of the artisan and Symfony
 * commands. SUBCOMMANDS is the one list of the subcommands: every help, the
 * consoles' included, is made from it, and the command runs only those.
 */
final class CliHelp
{
    /** synopsis, summary, description */
    private const SUBCOMMANDS = [
        'locks' => ['locks [--semaphore]', 'the held or awaited locks (or semaphores)', 'Lists the locks that are held or awaited (--semaphore: the semaphores), with their state and who holds them (HELD BY: the holders\' labels, host:pid or an application\'s, where the extension tells them; - where it does not), a page of up to 1000 names at a time, sorted within the page. Exits 1 when there is none. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'inspect' => ['inspect NAME [--semaphore]', "a lock's (or a semaphore's) state", "A lock's state (--semaphore: a semaphore's): mode, holders, who holds it (the holders' labels, host:pid or an application's, where the extension tells them), time to live, waiters, the first waiter's wait, the fencing number, whether it is promised to a waiter. Exits 1 when nobody holds it and nobody waits."],
        'queues' => ['queues', 'the queues with their stats', 'Lists the queues with their stats (whether each is paused, or for how long, included), a page of up to 1000 at a time (one round trip each), sorted within the page. Exits 1 when there is none. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'limiters' => ['limiters', 'the rate limiters with their state', 'Lists the rate limiters that have a state, read without consuming: policy, limit and interval of the last call that consumed, burst, tokens left, the time until a token is allowed, until it is full again, and until the place of its last waiter, a page of up to 1000 names at a time, sorted within the page. Exits 1 when there is none. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'latches' => ['latches', 'the latches with their count', 'Lists the latches: the count left (0: open), whether the latch is open, and the time its lifetime has left, read without counting down, a page of up to 1000 names at a time, sorted within the page. Exits 1 when there is none. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'stats' => ['stats QUEUE', "a queue's stats", "The stats of a queue: due, delayed, in flight, dead, the oldest due task's age, the time to the next delayed one, overdue reservations, whether it is paused. Exits 1 when the queue holds nothing."],
        'dead' => ['dead QUEUE [--count N]', "a queue's oldest dead letters", "The oldest N (default 100) dead letters of a queue: id, attempts, when it died, its payload's size (never the payload). Exits 1 when there are none."],
        'retry-dead' => ['retry-dead QUEUE [ID...]', 'puts dead letters back in the queue', 'Puts the dead letters named (all of them without IDs) back in the queue, due now, attempts forgotten. Exits 1 when none was; exits 7 when the reply did not come (it may have run).'],
        'purge-dead' => ['purge-dead QUEUE [--yes]', "drops a queue's dead letters", 'Drops every dead letter of a queue. Asks for confirmation on a terminal; without one, refuses (exit 4) unless --yes. Exits 1 when there were none; exits 7 when the reply did not come (it may have run).'],
        'migrate-queue' => ['migrate-queue QUEUE [--back]', 'moves a queue onto the stream layout (or back)', 'Puts a queue on the stream layout, once every producer and worker of the queue runs this release (a client of a release before the stream layout sees only the zset, and one of the release before this one reads a payload only from its entry: it would get tasks without their payloads; workers never move a queue by themselves): its due tasks move onto the stream with their payloads and attempts, delayed ones stay delayed, reservations of the zset layout end as before; it also turns payloads by reference on (run it once on a queue already on the stream too): a payload then stays where its producer wrote it, and no script copies it when it moves a task. With --back (payloads by reference end with the stream), takes it back to the zset layout for clients of any earlier release, the one before this one included (roll them out once it says the queue is on the zset layout; workers of this release follow it there): the tasks no worker has reserved move back, reservations whose worker is gone are settled, the others run to their end; run it again until it says the queue is on the zset layout (exit 1 until then). Prints the tasks moved, the reservations settled and still in flight, and the layout; exits 7 when the reply did not come (it may have run: running it again is safe).'],
        'pause-queue' => ['pause-queue QUEUE [--for SECONDS]', 'pauses a queue: workers take none of its tasks', 'Pauses a queue until resume-queue, or for SECONDS (by the server\'s clock): no worker of this release takes its tasks, on any server, and workers blocked on it sleep on; producers go on queueing, tasks in flight finish. Pausing a paused queue gives it the new end. On the zset layout, workers of a release before pause() do not see it. Exits 7 when the reply did not come (it may have run: running it again is safe).'],
        'resume-queue' => ['resume-queue QUEUE', "ends a queue's pause", 'Ends the pause of a queue and wakes its blocked workers. Exits 1 when it was not paused; exits 7 when the reply did not come (it may have run).'],
        'force-unlock' => ['force-unlock NAME [--yes]', 'removes a lock whoever holds it', 'Removes a lock whoever holds it and wakes its next waiter; the holder is not told. Asks for confirmation on a terminal; without one, refuses (exit 4) unless --yes. Exits 1 when there was no lock to remove; exits 7 when the reply did not come (it may have run).'],
        'dashboard' => ['dashboard [--listen HOST:PORT] [--actions]', 'serves the dashboard in the browser', 'Serves the dashboard (queues and their dead letters, locks, semaphores, rate limiters, latches) over HTTP on HOST:PORT, 127.0.0.1:8088 by default (port 0: one the system chooses; the URL is printed), until SIGINT or SIGTERM. Read-only unless --actions: then a queue\'s dead letters can be retried or purged, each after a confirmation page, by forms that carry a token only its pages show. An address that is not loopback is refused unless REDISLOCK_DASHBOARD_PASSWORD holds a password of at least 12 bytes, which every request must then give (HTTP Basic: put it behind TLS). One line per request on stderr: method, path, status.'],
        'metrics' => ['metrics', 'Prometheus metrics of it all', 'The queues, locks, semaphores, rate limiters and latches in the Prometheus text exposition format (--json: the same samples as JSON). Exits 0 whatever it found. A name the server refuses to read is a redislock_queue_errors, redislock_lock_errors, redislock_semaphore_errors, redislock_limiter_errors or redislock_latch_errors sample and a line on stderr; the exit code is then 6. Names and holders\' labels in label values: a backslash as two, control bytes and bytes that are not UTF-8 as \\xNN.'],
    ];

    public function __construct(private string $program)
    {
    }

    public static function exists(string $sub): bool
    {
        return isset(self::SUBCOMMANDS[$sub]);
    }

    /**
     * The subcommands, in the order of the help.
     *
     * @return list<string>
     */
    public static function names(): array
    {
        return array_keys(self::SUBCOMMANDS);
    }

    /** The synopses on one line, for a console's description of its subcommand argument. */
    public static function synopses(): string
    {
        return implode(', ', array_column(self::SUBCOMMANDS, 0)) . ', help [SUBCOMMAND]';
    }

    /**
     * The help of a framework's console command (artisan's, Symfony's), whose
     * own help lists the options: the subcommands and the exit codes.
     */
    public function console(): string
    {
        return self::subcommandsHelp() . "\n'{$this->program} help SUBCOMMAND' describes one.\n\n" . self::exitCodesHelp();
    }

    /** "Usage: PROGRAM SYNOPSIS", after a subcommand's usage error. */
    public function synopsis(string $sub): string
    {
        return 'Usage: ' . $this->program . ' ' . self::SUBCOMMANDS[$sub][0];
    }

    public function short(): string
    {
        return "Usage: {$this->program} [options] SUBCOMMAND [arguments]\nTry '{$this->program} --help'.";
    }

    /** The whole help text. */
    public function usage(): string
    {
        $p = $this->program;
        $text = "Usage: $p [options] SUBCOMMAND [arguments]\n\n"
            . "Looks at and acts on the locks, semaphores, queues, rate limiters and latches of the redislock extension.\n\n";

        return $text . self::subcommandsHelp() . "\n" . self::optionsHelp() . "\n" . self::exitCodesHelp()
            . "\n'$p SUBCOMMAND --help' (or '$p help SUBCOMMAND') describes one subcommand.\n";
    }

    /** One subcommand's help text. */
    public function subcommand(string $sub): string
    {
        [$synopsis, , $help] = self::SUBCOMMANDS[$sub];

        return "Usage: {$this->program} [options] $synopsis\n\n" . wordwrap($help, 78) . "\n\n"
            . self::optionsHelp() . "\n" . self::exitCodesHelp();
    }

    /** "Subcommands:" and a line for each: its synopsis and summary. */
    private static function subcommandsHelp(): string
    {
        $text = "Subcommands:\n";
        $width = max(array_map(static fn (array $s): int => strlen($s[0]), self::SUBCOMMANDS));
        foreach (self::SUBCOMMANDS as [$synopsis, $summary]) {
            $text .= '  ' . str_pad($synopsis, $width) . '  ' . $summary . "\n";
        }

        return $text;
    }

    private static function optionsHelp(): string
    {
        return "Options:\n"
            . "  --dsn DSN                 the connection (default: \$REDISLOCK_DSN, else the INI\n"
            . "                            setting redislock.default_connection)\n"
            . "  --prefix PREFIX           the key prefix of the objects the subcommand uses\n"
            . "  --lock-prefix PREFIX      the locks' prefix (default Lock:)\n"
            . "  --semaphore-prefix PREFIX the semaphores' prefix (default Semaphore:)\n"
            . "  --queue-prefix PREFIX     the queues' prefix (default Queue:)\n"
            . "  --limiter-prefix PREFIX   the rate limiters' prefix (default Limiter:)\n"
            . "  --latch-prefix PREFIX     the latches' prefix (default Latch:)\n"
            . "  --for SECONDS             pause-queue: how long (default: until resume-queue)\n"
            . "  --json                    machine-readable output (one JSON document)\n"
            . "  --yes                     confirm a destructive subcommand without asking\n"
            . "  -h, --help                this help\n";
    }

    private static function exitCodesHelp(): string
    {
        return "Exit codes:\n"
            . "  0  done\n"
            . "  1  nothing there: a free lock or semaphore, an empty queue, a listing with\n"
            . "     nothing in it, no dead letters, nothing retried, purged or unlocked, a\n"
            . "     queue that migrate-queue --back has not brought to the zset layout yet,\n"
            . "     a resume-queue of a queue that was not paused\n"
            . "  2  usage error: bad arguments, a bad name or DSN\n"
            . "  3  the Redis server cannot be reached, or answered with an error\n"
            . "  4  refused: a destructive subcommand not confirmed (no terminal and no --yes)\n"
            . "  5  the redislock extension is not loaded, or lacks a call the subcommand needs\n"
            . "  6  partial: listed, but the server refused to read some names (each named on\n"
            . "     stderr, and under \"errors\" with --json)\n"
            . "  7  outcome unknown: a destructive subcommand was sent and its reply did not\n"
            . "     come; it may have run: look before running it again\n";
    }
}

<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Dashboard;

use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Kinds;
use RedisLock\Bridge\Operator\Names;
use RedisLock\Bridge\Operator\Secrets;

/**
 * The dashboard's pages, whoever serves them (the operator's command, a route of
 * Laravel or Symfony): a request (method, path under the dashboard, query,
 * form) becomes a Response. It reads through the operator's Inspector, so it
 * shows what the operator's command shows and never a lock's or a semaphore's
 * token; every name, label and payload is escaped (bytes that are not UTF-8 as
 * \xNN); a listing reads one page of names per request, a queue's page the
 * oldest PAGE_DEAD dead letters with the first PAYLOAD_SHOWN bytes of each
 * payload, whatever the keyspace holds. Pages send a Content-Security-Policy
 * that allows no script at all.
 *
 * Read-only unless $actions: then a queue's page offers to retry or purge its
 * dead letters, each through a confirmation page whose form carries the CSRF
 * token (an HMAC of $secret, which only pages of this dashboard show); a POST
 * without the token, or without the confirmation, changes nothing.
 */
final class Dashboard
{
    /** The dead letters a queue's page shows. */
    public const PAGE_DEAD = 20;

    /** The bytes of each dead letter's payload a queue's page shows. */
    public const PAYLOAD_SHOWN = 2048;

    /**
     * The payload bytes the server may read for one page (the script reads a
     * payload whole before it cuts it): the letters past them show their size only.
     */
    public const PAYLOADS_READ = 8388608;

    /** The listings, path => kind. */
    private const LISTINGS = ['/queues' => 'queue', '/locks' => 'lock', '/semaphores' => 'semaphore', '/limiters' => 'limiter', '/latches' => 'latch'];

    /**
     * @param string $secret the secret the CSRF token is made from (random, at least 16 bytes)
     * @param string $base the path the dashboard is served under ('' at the root), for its links
     * @param array<string, string> $formFields more hidden fields of the action forms (a framework's own CSRF token)
     */
    public function __construct(
        private Inspector $inspector,
        #[\SensitiveParameter] private string $secret,
        private bool $actions = false,
        private string $base = '',
        private ?Secrets $secrets = null,
        private array $formFields = [],
    ) {
        if (strlen($secret) < 16) {
            throw new \ValueError('Dashboard::__construct(): Argument #2 ($secret) must be at least 16 bytes');
        }
    }

    /** The CSRF token the action forms carry. */
    public function token(): string
    {
        return hash_hmac('sha256', 'redislock dashboard: actions', $this->secret);
    }

    /** Whether actions (retry, purge) are enabled. */
    public function actions(): bool
    {
        return $this->actions;
    }

    /**
     * @param string $path the path under the dashboard ('/' its front page)
     * @param array<string, mixed> $query
     * @param array<string, mixed> $form a POST's fields
     */
    public function handle(string $method, string $path, array $query = [], array $form = []): Response
    {
        $path = '/' . trim($path, '/');
        try {
            if ($method === 'POST') {
                return $this->post($path, $form);
            }
            if ($method !== 'GET' && $method !== 'HEAD') {
                return $this->page(405, 'Method not allowed', '<p>Only GET, and POST for the actions.</p>', ['Allow' => 'GET, HEAD, POST']);
            }

            return match (true) {
                $path === '/' => $this->listing('queue', null, 'redislock'),
                isset(self::LISTINGS[$path]) => $this->listing(self::LISTINGS[$path], self::str($query, 'cursor')),
                $path === '/queue' => $this->queue(self::str($query, 'name') ?? ''),
                $path === '/confirm' => $this->confirm($query),
                default => $this->page(404, 'Not found', '<p>No such page.</p>'),
            };
        } catch (\RedisLockException $e) {
            return $this->page(502, 'Redis error', '<p>' . self::h($this->mask($e->getMessage())) . '</p>');
        } catch (\ValueError $e) {
            return $this->page(400, 'Bad request', '<p>' . self::h($e->getMessage()) . '</p>');
        } catch (\Throwable $e) {
            return $this->page(500, 'Error', '<p>' . self::h(get_class($e) . ': ' . $this->mask($e->getMessage())) . '</p>');
        }
    }

    /** One page of a listing of $kind from $cursor. */
    private function listing(string $kind, ?string $cursor, ?string $title = null): Response
    {
        $k = Kinds::of($kind);
        if (!Inspector::supports($k['class'], 'names')) {
            return $this->page(200, ucfirst($k['section']), '<p>This build of the extension cannot list ' . self::h($k['section']) . '.</p>');
        }
        $page = $this->inspector->pageAt($kind, $cursor);
        $html = Tables::of($kind, $page['rows'], fn (string $name): string => $this->url('/queue', ['name' => $name]));
        foreach ($page['errors'] as $error) {
            $html .= '<p class="error">' . self::h($error['name']) . ': ' . self::h($this->mask($error['message'])) . '</p>';
        }
        if ($page['cursor'] !== null) {
            $html .= '<p><a rel="next" href="' . self::h($this->url('/' . $k['section'], ['cursor' => $page['cursor']])) . '">Next page</a></p>';
        }

        return $this->page(200, $title ?? ucfirst($k['section']), $html);
    }

    /** A queue's stats, its oldest dead letters, and (with actions) their buttons. */
    private function queue(string $name): Response
    {
        if ($name === '') {
            return $this->page(400, 'Bad request', '<p>Which queue? (name=...)</p>');
        }
        if (strlen($name) > Tables::LINKED) {
            return $this->page(400, 'Bad request', '<p>A queue name over ' . Tables::LINKED . ' bytes is listed only.</p>');
        }
        $stats = $this->inspector->queueStats([$name])[$name];
        $html = Tables::of('queue', [['name' => $name, 'state' => $stats]], null);
        $html .= Chart::lastHour($this->inspector->history($name), $stats['counts']);
        $dead = $this->inspector->deadWithPayloads($name, self::PAGE_DEAD, self::PAYLOAD_SHOWN, self::PAYLOADS_READ);
        $html .= '<h2>Dead letters</h2>';
        if ($dead === []) {
            $html .= '<p>None.</p>';
        } else {
            $html .= '<p>The oldest ' . count($dead) . ' of ' . $stats['dead'] . '.</p>';
            $html .= Tables::dead($dead, $this->actions ? fn (string $id): string => $this->url('/confirm', ['action' => 'retry', 'queue' => $name, 'id' => $id]) : null);
            if ($this->actions) {
                $html .= '<p><a class="action" href="' . self::h($this->url('/confirm', ['action' => 'retry', 'queue' => $name])) . '">Retry all</a> '
                    . '<a class="action" href="' . self::h($this->url('/confirm', ['action' => 'purge', 'queue' => $name])) . '">Purge all</a></p>';
            }
        }

        return $this->page(200, 'Queue ' . (strlen($name) <= Tables::WHOLE ? $name : substr($name, 0, Tables::SHOWN) . '…'), $html);
    }

    /**
     * The confirmation of an action: what it will do, and the form that does it.
     *
     * @param array<string, mixed> $query
     */
    private function confirm(array $query): Response
    {
        if (!$this->actions) {
            return $this->page(403, 'Read-only', '<p>This dashboard is read-only.</p>');
        }
        [$action, $queue, $id] = [self::str($query, 'action'), self::str($query, 'queue') ?? '', self::str($query, 'id')];
        // An id given is one dead letter: an empty or malformed one is refused, never read as "all".
        if (!in_array($action, ['retry', 'purge'], true) || $queue === '' || ($action === 'purge' && array_key_exists('id', $query))
            || (array_key_exists('id', $query) && ($id === null || $id === ''))) {
            return $this->page(400, 'Bad request', '<p>No such action.</p>');
        }
        $what = match (true) {
            $action === 'purge' => 'Delete every dead letter of queue ' . self::h($queue) . ' for good?',
            $id === null => 'Put every dead letter of queue ' . self::h($queue) . ' back in the queue?',
            default => 'Put dead letter ' . self::h($id) . ' of queue ' . self::h($queue) . ' back in the queue?',
        };
        // Names are bytes: the form carries them in hex, so that any byte comes back as it was.
        $fields = ['token' => $this->token(), 'confirm' => 'yes', 'queue_hex' => bin2hex($queue)] + ($id === null ? [] : ['id_hex' => bin2hex($id)]);
        $html = '<p>' . $what . '</p><form method="post" action="' . self::h($this->url('/' . $action)) . '">';
        foreach ($fields as $field => $value) {
            $html .= '<input type="hidden" name="' . $field . '" value="' . $value . '">';
        }
        foreach ($this->formFields as $field => $value) {
            $html .= '<input type="hidden" name="' . self::h((string) $field) . '" value="' . self::h((string) $value) . '">';
        }
        $html .= '<button type="submit">' . ($action === 'purge' ? 'Purge' : 'Retry') . '</button> '
            . '<a href="' . self::h($this->url('/queue', ['name' => $queue])) . '">Cancel</a></form>';

        return $this->page(200, 'Confirm', $html);
    }

    /**
     * An action: only with actions enabled, the token and the confirmation.
     *
     * @param array<string, mixed> $form
     */
    private function post(string $path, array $form): Response
    {
        if (!$this->actions) {
            return $this->page(403, 'Read-only', '<p>This dashboard is read-only.</p>');
        }
        if (!hash_equals($this->token(), self::str($form, 'token') ?? '')) {
            return $this->page(403, 'Refused', '<p>The form has no valid token: nothing was done.</p>');
        }
        if (self::str($form, 'confirm') !== 'yes') {
            return $this->page(400, 'Not confirmed', '<p>The action was not confirmed: nothing was done.</p>');
        }
        $queue = self::hex($form, 'queue_hex') ?? '';
        $id = self::hex($form, 'id_hex');
        // A form that names an id acts on that id alone: one that does not decode is refused, never read as "all".
        if ($queue === '' || ($path !== '/retry' && $path !== '/purge') || ($path === '/purge' && array_key_exists('id_hex', $form))
            || (array_key_exists('id_hex', $form) && $id === null)) {
            return $this->page(400, 'Bad request', '<p>No such action: nothing was done.</p>');
        }
        $done = $path === '/purge' ? $this->inspector->purgeDead($queue) : $this->inspector->retryDead($queue, $id === null ? [] : [$id]);
        $html = '<p>' . ($path === '/purge' ? 'Purged ' : 'Put back ') . $done . ' dead letter' . ($done === 1 ? '' : 's')
            . ' of queue ' . self::h($queue) . '.</p><p><a href="' . self::h($this->url('/queue', ['name' => $queue])) . '">Back to the queue</a></p>';

        return $this->page(200, 'Done', $html);
    }

    /**
     * A whole page: the layout around $body (HTML already escaped).
     *
     * @param array<string, string> $headers
     */
    private function page(int $status, string $title, string $body, array $headers = []): Response
    {
        $nav = '';
        foreach (self::LISTINGS as $path => $kind) {
            $nav .= '<a href="' . self::h($this->url($path)) . '">' . ucfirst(Kinds::of($kind)['section']) . '</a> ';
        }
        $mode = $this->actions ? 'actions enabled' : 'read-only';
        $html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" . self::h($title) . " · redislock</title>"
            . '<style>' . self::STYLE . '</style></head><body><nav>' . $nav . '<span class="mode">' . $mode . '</span></nav>'
            . '<h1>' . self::h($title) . '</h1>' . $body . '</body></html>';

        return new Response($status, $html, $headers + [
            'Content-Type' => 'text/html; charset=utf-8',
            'Content-Security-Policy' => "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            'X-Content-Type-Options' => 'nosniff',
            'Referrer-Policy' => 'no-referrer',
            'Cache-Control' => 'no-store',
        ]);
    }

    private const STYLE = 'body{font:14px system-ui,sans-serif;margin:1em 2em}nav a{margin-right:1em}.mode{color:#666}'
        . 'table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}'
        . 'td.n{text-align:right}pre{white-space:pre-wrap;word-break:break-all;max-width:60em;margin:0}.error{color:#a00}';

    /**
     * A link under the dashboard.
     *
     * @param array<string, string> $query
     */
    private function url(string $path, array $query = []): string
    {
        return $this->base . $path . ($query === [] ? '' : '?' . http_build_query($query, '', '&', PHP_QUERY_RFC3986));
    }

    private function mask(string $message): string
    {
        return $this->secrets === null ? $message : $this->secrets->mask($message);
    }

    /**
     * A string field of a query or form; null when absent or not a string.
     *
     * @param array<string, mixed> $from
     */
    private static function str(array $from, string $key): ?string
    {
        return isset($from[$key]) && is_string($from[$key]) ? $from[$key] : null;
    }

    /**
     * A name a form carries in hex; null when absent or not hex.
     *
     * @param array<string, mixed> $from
     */
    private static function hex(array $from, string $key): ?string
    {
        $hex = self::str($from, $key);
        if ($hex === null || preg_match('/^(?:[0-9a-fA-F]{2})+$/D', $hex) !== 1) {
            return null;
        }

        return (string) hex2bin($hex);
    }

    /** Text for HTML: Names::escape()'s form (valid UTF-8, control bytes as \xNN), then HTML's escapes. */
    public static function h(string $text): string
    {
        return htmlspecialchars(Names::escape($text), ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    }
}

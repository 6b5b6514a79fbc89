--TEST--
Symfony: with redislock.dashboard enabled and its routes imported under a prefix, the bundle's controller serves the dashboard to users granted its role only, behind the application's firewall
--DESCRIPTION--
A real kernel: FrameworkBundle, SecurityBundle (in-memory users, an http_basic
firewall) and RedisLockBundle, config/routes.yaml importing the bundle's route
file under /ops/redislock. Requests go through the kernel as a front controller
sends them. A user without the role, a request without credentials and a kernel
without the dashboard enabled get no page; the granted user gets the pages with
links under the prefix, and with actions a retry through the confirmation form
puts a dead letter back.
--INI--
extension=mbstring
extension=ctype
extension=tokenizer
extension=xml
extension=dom
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
require __DIR__ . '/../harness/symfony_kernel_test.inc';
if (!is_file('/usr/share/php/Symfony/Bundle/SecurityBundle/autoload.php')) {
    exit("php-symfony-security-bundle is not installed\n");
}
require_once '/usr/share/php/Symfony/Bundle/SecurityBundle/autoload.php';

use Symfony\Component\HttpFoundation\Request;

final class DashKernel extends Symfony\Component\HttpKernel\Kernel
{
    public function __construct(private string $dir, string $env)
    {
        parent::__construct($env, false);
    }
    public function registerBundles(): iterable
    {
        return [new Symfony\Bundle\FrameworkBundle\FrameworkBundle(), new Symfony\Bundle\SecurityBundle\SecurityBundle(), new RedisLock\Bridge\Symfony\RedisLockBundle()];
    }
    public function getProjectDir(): string
    {
        return $this->dir;
    }
    public function getCacheDir(): string
    {
        return $this->dir . '/var/cache';
    }
    public function getLogDir(): string
    {
        return $this->dir . '/var/log';
    }
    public function registerContainerConfiguration(Symfony\Component\Config\Loader\LoaderInterface $loader): void
    {
        foreach (glob($this->dir . '/config/packages/*.yaml') as $file) {
            $loader->load($file);
        }
    }
}

function dash_kernel(string $dsn, string $dashboard, string $secret = 'kernel-secret-for-the-test'): DashKernel
{
    static $n = 0;
    $env = 'd' . getmypid() . '_' . (++$n);
    $dir = rl_env('REDISLOCK_TEST_TMP') . '/kernel-' . $env;
    mkdir("$dir/config/packages", 0777, true);
    file_put_contents("$dir/config/routes.yaml", "redislock_dashboard:\n    resource: '@RedisLockBundle/Resources/config/routes/dashboard.php'\n    prefix: /ops/redislock\n");
    file_put_contents("$dir/config/packages/framework.yaml", "framework:\n    secret: '$secret'\n    test: true\n    router: { resource: '%kernel.project_dir%/config/routes.yaml', utf8: true }\n");
    $manager = version_compare(Symfony\Component\HttpKernel\Kernel::VERSION, '6.0', '<') ? "    enable_authenticator_manager: true\n" : '';
    file_put_contents("$dir/config/packages/security.yaml", "security:\n$manager"
        . "    password_hashers: { Symfony\\Component\\Security\\Core\\User\\InMemoryUser: plaintext }\n"
        . "    providers: { mem: { memory: { users: { ops: { password: ops-pw, roles: [ROLE_OPS] }, dev: { password: dev-pw, roles: [ROLE_USER] } } } } }\n"
        . "    firewalls: { main: { stateless: true, http_basic: ~ } }\n");
    file_put_contents("$dir/config/packages/redislock.yaml", "redislock:\n    connection: '$dsn'\n$dashboard");
    $kernel = new DashKernel($dir, $env);
    set_error_handler(static fn (int $no): bool => $no === E_USER_DEPRECATED || $no === E_DEPRECATED, E_USER_DEPRECATED | E_DEPRECATED);
    try {
        $kernel->boot();
    } finally {
        restore_error_handler();
    }
    return $kernel;
}

function dash_handle(DashKernel $kernel, string $method, string $uri, ?string $user = null, array $params = [], bool $catch = true): array
{
    $server = $user === null ? [] : ['PHP_AUTH_USER' => $user, 'PHP_AUTH_PW' => "$user-pw"];
    set_error_handler(static fn (int $no): bool => $no === E_USER_DEPRECATED || $no === E_DEPRECATED, E_USER_DEPRECATED | E_DEPRECATED);
    try {
        $response = $kernel->handle(Request::create($uri, $method, $params, [], [], $server), Symfony\Component\HttpKernel\HttpKernelInterface::MAIN_REQUEST, $catch);
    } finally {
        restore_error_handler();
    }
    return [$response->getStatusCode(), (string) $response->getContent()];
}

$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
$q->enqueue('mail', ['m1', 'm2'], 10, 0, false, ['m1' => 'one', 'm2' => 'two']);
foreach ($q->reserve('mail', 2, 30, 0, 1) as $t) {
    $q->fail('mail', $t['id'], $t['receipt']);
}
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};

$kernel = dash_kernel($dsn, "    dashboard: { enabled: true, role: ROLE_OPS }\n");
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock');
$check($status === 403 && !str_contains($body, 'mail'), 'no credentials: 403, nothing read', $status);
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock', 'dev');
$check($status === 403 && !str_contains($body, 'mail'), 'a user without ROLE_OPS: 403', $status);
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock', 'ops');
$check($status === 200 && str_contains($body, '<a href="/ops/redislock/queue?name=mail">mail</a>'), 'ROLE_OPS: the front page, links under the prefix', [$status, substr(strip_tags($body), 0, 300)]);
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock/queue?name=mail', 'ops');
$check($status === 200 && str_contains($body, 'The oldest 2 of 2.') && !str_contains($body, '>Retry<'), 'a queue\'s page, read-only by default', $status);
[$status] = dash_handle($kernel, 'POST', '/ops/redislock/purge', 'ops', ['confirm' => 'yes', 'queue_hex' => bin2hex('mail')]);
$check($status === 403 && $q->stats(['mail'])['mail']['dead'] === 2, 'read-only: a POST changes nothing', $status);

$kernel = dash_kernel($dsn, "    dashboard: { enabled: true, role: ROLE_OPS, actions: true }\n");
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock/confirm?action=retry&queue=mail&id=m1', 'ops');
$fields = dash_form_fields($body);
$check($status === 200 && str_contains($body, 'action="/ops/redislock/retry"') && isset($fields['token']), 'the confirmation posts under the prefix, with the token', $status);
[$status] = dash_handle($kernel, 'POST', '/ops/redislock/retry', 'dev', $fields);
$check($status === 403 && $q->stats(['mail'])['mail']['dead'] === 2, 'the form posted by a user without the role: 403, nothing done', $status);
[$status] = dash_handle($kernel, 'POST', '/ops/redislock/retry', 'ops', $fields);
$stats = $q->stats(['mail'])['mail'];
$check($status === 200 && $stats['dead'] === 1 && $stats['due'] === 1, 'the form posted by ops puts m1 back', [$status, $stats]);

/* A percent-encoded page: the links stay under the prefix. */
[$status, $body] = dash_handle($kernel, 'GET', '/ops/redislock/%71ueues', 'ops');
$check($status === 200 && str_contains($body, '<a href="/ops/redislock/locks">') && !str_contains($body, '%/'), 'a page asked percent-encoded: links under the prefix', $status);

/* A short kernel.secret (Symfony 7 refuses an empty one; 5.4 and 6.4 take it): anyone
 * could guess it and compute the token, so no action is offered or taken. */
$kernel = dash_kernel($dsn, "    dashboard: { enabled: true, role: ROLE_OPS, actions: true }\n", 'secret');
[$status] = dash_handle($kernel, 'GET', '/ops/redislock/confirm?action=purge&queue=mail', 'ops');
$token = hash_hmac('sha256', 'redislock dashboard: actions', hash_hmac('sha256', 'redislock dashboard', 'secret', true));
[$status2] = dash_handle($kernel, 'POST', '/ops/redislock/purge', 'ops', ['token' => $token, 'confirm' => 'yes', 'queue_hex' => bin2hex('mail')]);
$check($status === 403 && $status2 === 403 && $q->stats(['mail'])['mail']['dead'] === 1, 'a short kernel.secret: read-only, the computed token refused', [$status, $status2]);

$kernel = dash_kernel($dsn, '');
try {
    [$status] = dash_handle($kernel, 'GET', '/ops/redislock', 'ops', [], false);
    $check(false, 'not enabled: the route has no controller', $status);
} catch (Throwable $e) {
    $check(str_contains($e->getMessage(), 'redislock.dashboard.controller'), 'not enabled: no controller service, the route fails', get_class($e) . ': ' . $e->getMessage());
}
?>
--EXPECT--
ok: no credentials: 403, nothing read
ok: a user without ROLE_OPS: 403
ok: ROLE_OPS: the front page, links under the prefix
ok: a queue's page, read-only by default
ok: read-only: a POST changes nothing
ok: the confirmation posts under the prefix, with the token
ok: the form posted by a user without the role: 403, nothing done
ok: the form posted by ops puts m1 back
ok: a page asked percent-encoded: links under the prefix
ok: a short kernel.secret: read-only, the computed token refused
ok: not enabled: no controller service, the route fails

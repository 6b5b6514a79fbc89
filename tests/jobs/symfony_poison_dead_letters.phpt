--TEST--
Symfony Messenger transport: a poison message lands, after its retries, in the failure transport that is the queue's own dead letters
--DESCRIPTION--
Symfony Messenger transport: a poison message (its handler always throws) is
retried max_retries (2) times, then lands in the failure transport, which is the
same queue's dead letters (?dead=1): the failed reservation itself, in one step,
with its binary payload and Symfony's error details; messenger:failed:show lists
it, and messenger:failed:retry runs it again and removes it
--INI--
extension=mbstring
extension=intl
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
// The console (a dependency of php-symfony-messenger); its tables need mbstring and intl.
foreach (['mbstring', 'intl'] as $ext) {
    if (!extension_loaded($ext)) {
        exit("the $ext extension is missing: install php-$ext (Debian)\n");
    }
}
require_once '/usr/share/php/Symfony/Component/Console/autoload.php';

use RedisLock\Bridge\Symfony\Messenger\RedisLockReceivedStamp;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Command\FailedMessagesRetryCommand;
use Symfony\Component\Messenger\Command\FailedMessagesShowCommand;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Stamp\ErrorDetailsStamp;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name();
$body = "poison \0\xff\xfe bytes";
$transport = sm_transport($name, 'wait=0.1');
$failed = sm_transport($name, 'dead=1');
$transport->send(new Envelope(new SmMessage($body)));
$runs = 0;
$lastId = null;
sm_run(sm_worker($transport, function (SmMessage $m) use (&$runs) {
    $runs++;
    throw new DomainException("bad input, run $runs");
}, fn () => $failed->getMessageCount() > 0, 20, maxRetries: 2, delayMs: 100, failure: $failed));

rq_check($runs === 3, 'the handler ran 1 + 2 retries times', $runs);
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 1], 'the queue holds one dead letter and nothing else', $size);
rq_check($failed->getMessageCount() === 1 && $transport->getMessageCount() === 0, 'the failure transport counts it, the queue does not');

[$letter] = rq_queue()->dead($name);
[$envelope] = [...$failed->get()];
$id = $envelope->last(TransportMessageIdStamp::class)->getId();
rq_check($letter['id'] === $id && $letter['attempts'] === 1, 'the dead letter is the last retry\'s own task (its one reservation moved to the dead letters)', $letter);
rq_check($envelope->getMessage()->body === $body, 'its payload is the message, byte for byte');
$error = $envelope->last(ErrorDetailsStamp::class);
rq_check($error !== null && $error->getExceptionMessage() === 'bad input, run 3', 'with Symfony\'s error details', $error);
rq_check($envelope->last(SentToFailureTransportStamp::class)?->getOriginalReceiverName() === 'async', 'and the transport it failed on');
rq_check($envelope->last(RedisLockReceivedStamp::class)->getReceipt() === null, 'a dead letter carries no receipt');
rq_check(count([...$failed->all()]) === 1 && $failed->find($id)?->getMessage()->body === $body && $failed->find('nope') === null, 'all() lists it, find() finds it by id');

// The failed-messages commands, as the framework wires them.
$services = new SmServices(['failed' => $failed]);
$app = new Application();
$app->add(new FailedMessagesShowCommand('failed', $services));
$show = new CommandTester($app->find('messenger:failed:show'));
$show->execute([]);
rq_check(str_contains($show->getDisplay(), $id) && str_contains($show->getDisplay(), 'SmMessage') && str_contains($show->getDisplay(), 'bad input, run 3'), 'messenger:failed:show lists it', $show->getDisplay());
$show->execute(['id' => $id]);
rq_check(str_contains($show->getDisplay(), 'DomainException'), 'messenger:failed:show <id> shows its error', $show->getDisplay());

$handled = [];
$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([SmMessage::class => [function (SmMessage $m) use (&$handled) {
    $handled[] = $m->body;
}]]))]);
$app->add(new FailedMessagesRetryCommand('failed', $services, $bus, new EventDispatcher()));
$retry = new CommandTester($app->find('messenger:failed:retry'));
$retry->execute(['id' => [$id], '--force' => true]);
rq_check($handled === [$body], 'messenger:failed:retry <id> --force runs it once more, successfully', [$handled, $retry->getDisplay()]);
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'and removes the dead letter', $size);
?>
--EXPECT--
ok: the handler ran 1 + 2 retries times
ok: the queue holds one dead letter and nothing else
ok: the failure transport counts it, the queue does not
ok: the dead letter is the last retry's own task (its one reservation moved to the dead letters)
ok: its payload is the message, byte for byte
ok: with Symfony's error details
ok: and the transport it failed on
ok: a dead letter carries no receipt
ok: all() lists it, find() finds it by id
ok: messenger:failed:show lists it
ok: messenger:failed:show <id> shows its error
ok: messenger:failed:retry <id> --force runs it once more, successfully
ok: and removes the dead letter

--TEST--
Symfony Messenger failure transport (?dead=1): a retry whose new copy cannot be written leaves the dead letter it came from
--DESCRIPTION--
Symfony Messenger failure transport (?dead=1): when a message fails again during
messenger:failed:retry and its new copy cannot be written (here: over the
extension's 16 MiB payload bound), the dead letter it came from stays, payload
untouched

Messenger's retry listener sends the failed message back to the failure
transport. The new dead letter is written first and the old one removed only
then, so a write that fails loses nothing: the command fails, the old dead
letter is still there to retry.
--INI--
extension=mbstring
extension=intl
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once '/usr/share/php/Symfony/Component/Console/autoload.php';

use Symfony\Component\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Command\FailedMessagesRetryCommand;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\EventListener\AddErrorDetailsStampListener;
use Symfony\Component\Messenger\EventListener\SendFailedMessageForRetryListener;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name('.failed');
$failed = sm_transport($name, 'dead=1');
$id = $failed->send(new Envelope(new SmMessage('keep me'), [new SentToFailureTransportStamp('async')]))
    ->last(TransportMessageIdStamp::class)->getId();
[$before] = rq_queue()->dead($name);

$runs = 0;
$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([SmMessage::class => [function (SmMessage $m) use (&$runs) {
    $runs++;
    // Symfony's error details carry this message: the retry's envelope outgrows a payload.
    throw new RuntimeException(str_repeat('x', 17 << 20));
}]]))]);
$dispatcher = new EventDispatcher();
$dispatcher->addSubscriber(new AddErrorDetailsStampListener());
$dispatcher->addSubscriber(new SendFailedMessageForRetryListener(new SmContainer(['failed' => $failed]), new SmContainer(['failed' => sm_retry_strategy(3, 100)])));
$app = new Application();
$app->add(new FailedMessagesRetryCommand('failed', new SmServices(['failed' => $failed]), $bus, $dispatcher));
$retry = new CommandTester($app->find('messenger:failed:retry'));
try {
    $retry->execute(['id' => [$id], '--force' => true]);
    echo "FAILED: the retry went through\n";
} catch (Throwable $e) {
    echo 'the retry fails: ', get_class($e), "\n";
}
rq_check($runs === 1, 'the handler ran once', $runs);
$after = rq_queue()->dead($name);
rq_check(count($after) === 1 && $after[0]['id'] === $id && $after[0]['payload'] === $before['payload'], 'the dead letter is still there, payload untouched',
    array_map(fn ($l) => [$l['id'], strlen($l['payload'] ?? '')], $after));
rq_check($failed->find($id)?->getMessage()->body === 'keep me', 'and can be retried again');
?>
--EXPECT--
the retry fails: Symfony\Component\Messenger\Exception\TransportException
ok: the handler ran once
ok: the dead letter is still there, payload untouched
ok: and can be retried again

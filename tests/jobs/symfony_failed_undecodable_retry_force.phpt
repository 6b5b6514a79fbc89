--TEST--
Symfony Messenger failure transport (?dead=1): messenger:failed:retry --force retries every dead letter after one whose payload is not an envelope, and leaves that one where it is
--INI--
extension=mbstring
extension=intl
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once '/usr/share/php/Symfony/Component/Console/autoload.php';

use Symfony\Component\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Command\FailedMessagesRetryCommand;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;

$name = rl_name('.failed');
$queue = rq_queue();
$failed = sm_transport($name, 'dead=1');
// The oldest dead letter carries garbage (written by another program).
$queue->enqueue($name, 'garbage', payload: "\x00not an envelope");
$queue->fail($name, 'garbage');
usleep(2000);
foreach (['one', 'two'] as $body) {
    $failed->send(new Envelope(new SmMessage($body), [new SentToFailureTransportStamp('async')]));
}

$handled = [];
$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([SmMessage::class => [function (SmMessage $m) use (&$handled) {
    $handled[] = $m->body;
}]]))]);
$app = new Application();
$app->add(new FailedMessagesRetryCommand('failed', new SmServices(['failed' => $failed]), $bus, new EventDispatcher()));
$retry = new CommandTester($app->find('messenger:failed:retry'));
$retry->execute(['--force' => true]);
rq_check($handled === ['one', 'two'], 'both messages were retried, oldest first', [$handled, $retry->getDisplay()]);
$dead = array_column($queue->dead($name), 'payload', 'id');
rq_check($dead === ['garbage' => "\x00not an envelope"], 'the undecodable one is left, payload untouched', $dead);
?>
--EXPECT--
ok: both messages were retried, oldest first
ok: the undecodable one is left, payload untouched

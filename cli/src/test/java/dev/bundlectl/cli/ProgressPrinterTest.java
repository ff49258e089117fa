package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Promise;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The main thread prints every event, before and after the install's future completes, and its result. */
class ProgressPrinterTest {

    private static StepEvent event(int index, String resource) {
        return new StepEvent(index, resource, StepStatus.UNKNOWN, StepStatus.CREATED, "", 1, Instant.EPOCH);
    }

    @Test
    void everyEventIsPrintedInOrderAndTheResultReturnedWhenTheFutureCompletes() throws InterruptedException {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text), false, 3);
        Promise<String> install = Promise.promise();
        Thread eventLoop = new Thread(() -> {
            printer.accept(event(0, "ConfigMap/a"));
            printer.accept(event(1, "ConfigMap/b"));
            install.complete("done");
            // An event that arrives after the completion is printed too.
            printer.accept(event(2, "ConfigMap/c"));
        });
        eventLoop.start();
        eventLoop.join();

        assertThat(printer.printUntil(install.future())).isEqualTo("done");
        assertThat(text.toString().lines()).hasSize(3);
        assertThat(text.toString().lines().toList().get(0)).contains("[1/3] ConfigMap/a");
        assertThat(text.toString().lines().toList().get(2)).contains("[3/3] ConfigMap/c");
    }

    @Test
    void aFutureThatCompletesLaterWakesTheMainThread() {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text), false, 1);
        Promise<Integer> install = Promise.promise();
        new Thread(() -> {
            printer.accept(event(0, "Secret/s"));
            install.complete(7);
        }).start();

        assertThat(printer.printUntil(install.future())).isEqualTo(7);
        assertThat(text.toString()).contains("[1/1] Secret/s");
    }
}

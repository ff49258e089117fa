package dev.bundlectl.bundle.testing;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, at the end of each module's test run, how many tests (or test containers) were skipped
 * and why, grouped by reason. Surefire only counts skips; a user running {@code ./mvnw verify} in a
 * clone without {@code ../shared} should see that the real-server and corpus tests did not run, and
 * why. Registered through {@code META-INF/services}, so every module whose tests see this test-jar
 * reports.
 */
public final class SkippedTestsReport implements TestExecutionListener {

    private final Map<String, AtomicInteger> reasons = new TreeMap<>();

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        count(reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            count(result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (reasons.isEmpty()) {
            return;
        }
        int total = reasons.values().stream().mapToInt(AtomicInteger::get).sum();
        StringBuilder report = new StringBuilder("[bundlectl] ").append(total)
                .append(" tests or test groups skipped:");
        reasons.forEach((reason, count) -> report.append("\n[bundlectl]   ").append(count.get()).append(" × ")
                .append(reason));
        System.out.println(report);
    }

    private void count(String reason) {
        String key = reason == null ? "no reason given" : reason.replaceFirst("^Assumption failed: ", "");
        reasons.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }
}

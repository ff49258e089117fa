package dev.bundlectl.bench.install;

import dev.bundlectl.plan.model.InstallPlan;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Installs one plan with several strategies at one added latency: warm-up rounds, then measured
 * rounds. Each round runs every strategy once, in turn, so that noise from other work on the
 * machine falls on all of them alike rather than on whichever ran last.
 */
public final class InstallLatencyBench {

    private final Vertx proxyVertx;

    /** A bench whose delaying proxies run on {@code proxyVertx}. */
    public InstallLatencyBench(Vertx proxyVertx) {
        this.proxyVertx = Objects.requireNonNull(proxyVertx, "proxyVertx");
    }

    /**
     * Measures each strategy.
     *
     * @param plan the plan every strategy installs
     * @param strategies the strategies, in the order of the result
     * @param latency added to every request
     * @param warmUps rounds run first and discarded
     * @param runs rounds measured, at least 1
     * @return one entry per strategy, in the given order
     * @throws InstallFailedException when any install (warm-up or measured) failed
     */
    public List<StrategyFigures> measure(InstallPlan plan, List<InstallStrategy> strategies, Duration latency,
            int warmUps, int runs) throws InstallFailedException {
        if (warmUps < 0 || runs < 1) {
            throw new IllegalArgumentException("need warmUps >= 0 and runs >= 1, not " + warmUps + " and " + runs);
        }
        InstallTrial trial = new InstallTrial(proxyVertx, latency);
        Map<InstallStrategy, List<Sample>> measured = new LinkedHashMap<>();
        strategies.forEach(strategy -> measured.put(strategy, new ArrayList<>()));
        for (int round = 0; round < warmUps + runs; round++) {
            for (InstallStrategy strategy : strategies) {
                Sample sample = trial.run(strategy, plan);
                if (round >= warmUps) {
                    measured.get(strategy).add(sample);
                }
            }
        }
        List<StrategyFigures> figures = new ArrayList<>();
        measured.forEach((strategy, samples) -> {
            long fewestRequests = samples.stream().mapToLong(Sample::requests).min().orElseThrow();
            figures.add(new StrategyFigures(strategy.label(), strategy.floorRounds(plan, fewestRequests), samples));
        });
        return figures;
    }
}

package dev.bundlectl.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The plan / parse-only ratio in CPU time of the whole process (so garbage collection counts),
 * for a machine other people are using: JMH's wall-clock scores swing with the load, while the CPU
 * a pass itself takes barely moves. The workloads are JMH's own ({@link CorpusWorkloads}), run in
 * alternation (plan, read, parse, plan, ...) so that any drift hits all three alike; the median of
 * each is reported.
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.bundlectl.bench.PlanCpuRatio [warm-up rounds] [rounds]</pre>
 */
public final class PlanCpuRatio {

    private PlanCpuRatio() {
    }

    public static void main(String[] args) {
        int warmups = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        BenchCorpus corpus = BenchCorpus.scan(CorpusLocation.resolve(""));
        CorpusWorkloads workloads = new CorpusWorkloads();
        OperatingSystemMXBean process = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<Long> plan = new ArrayList<>();
        List<Long> read = new ArrayList<>();
        List<Long> parse = new ArrayList<>();
        long[] sink = new long[1];
        Consumer<Object> consume = value -> sink[0] += System.identityHashCode(value);
        for (int round = 0; round < warmups + rounds; round++) {
            long planCpu = cpu(process, () -> workloads.planAll(corpus, consume));
            long readCpu = cpu(process, () -> workloads.readAll(corpus, consume));
            long parseCpu = cpu(process, () -> workloads.parseAll(corpus, consume));
            if (round >= warmups) {
                plan.add(planCpu);
                read.add(readCpu);
                parse.add(parseCpu);
            }
        }
        double p = median(plan);
        double r = median(read);
        double y = median(parse);
        System.out.printf("corpus %s: %d bundles; CPU ms per pass (median of %d, after %d warm-up rounds)%n",
                corpus.root(), corpus.bundles().size(), rounds, warmups);
        System.out.printf("planCorpus %.0f  readOnly %.0f  parseYamlOnly %.0f%n", p / 1e6, r / 1e6, y / 1e6);
        System.out.printf("plan / parse-only: %.2fx   read / parse-only: %.2fx   (sink %d)%n", p / y, r / y, sink[0] & 1);
    }

    private static long cpu(OperatingSystemMXBean process, Runnable work) {
        long start = process.getProcessCpuTime();
        work.run();
        return process.getProcessCpuTime() - start;
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }
}

package dev.bundlectl.bench.install;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.apply.StepApplier;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * How many request rounds, one after another, the step executor's design needs for a plan when
 * every request takes exactly one unit of latency and the server does no work: the floor that no
 * run of that design can beat, whatever the latency.
 *
 * <p>The model follows {@code PlanRun} phase by phase:
 * <ol>
 *   <li>at the start, discovery for the rest's group/versions that no CRD of the plan defines is
 *       asked for at once ({@code ServedKinds.prefetchFor}), so it overlaps the foundation;
 *   <li>foundation (the CSV and the CRDs, at most {@code concurrency} at once): each step first
 *       looks its group/version up in discovery (one GET per group/version, shared by every step
 *       that needs it while it is in flight, cached after), then writes it (a create for the
 *       CSV, server-side apply for the rest); a CRD first reads itself (its update guards need
 *       the live CRD; on a first install the answer is 404), and after the write reads itself once
 *       more and finds Established and NamesAccepted (the mock's controller sets them at once; a
 *       real cluster that has not yet set them costs one {@code crdPollInterval} more);
 *   <li>discovery refresh: one round of GETs, only when a later step's kind is defined by a CRD
 *       of the plan;
 *   <li>the rest, at most {@code concurrency} in flight: the same discovery lookup, then one apply.
 * </ol>
 * Within a phase, steps start in plan order whenever a slot frees, as {@code BoundedConcurrency}
 * starts them. Steps the plan marks {@code NotCreated} or {@code UnsupportedResource} are never
 * sent and cost nothing. Every step is assumed to be created (not found existing, not retried).
 */
public final class CriticalPathFloor {

    private final ObjectMapper json = Mappers.json();

    /**
     * The rounds of each phase.
     *
     * @param foundation discovery, create and establishment reads of the CSV and CRDs
     * @param refresh the discovery refresh for kinds defined by the plan's CRDs: 0 or 1
     * @param rest discovery and create of every other step
     */
    public record Rounds(int foundation, int refresh, int rest) {

        /** All rounds, one after another. */
        public int total() {
            return foundation + refresh + rest;
        }
    }

    /**
     * The rounds {@code plan} needs at {@code concurrency}.
     *
     * @throws IllegalArgumentException when {@code concurrency} is below 1 or a CRD step's
     *     manifest is not JSON
     */
    public Rounds rounds(InstallPlan plan, int concurrency) {
        Objects.requireNonNull(plan, "plan");
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, not " + concurrency);
        }
        List<StepResource> foundation = new ArrayList<>();
        List<StepResource> rest = new ArrayList<>();
        Set<GroupKind> kindsFromCrds = new HashSet<>();
        for (Step step : SentSteps.of(plan)) {
            StepResource resource = step.resource();
            if (StepApplier.isFoundation(resource)) {
                foundation.add(resource);
                if (StepApplier.isCrd(resource)) {
                    kindsFromCrds.add(definedKind(resource));
                }
            } else {
                rest.add(resource);
            }
        }
        // Discovery answers survive from phase to phase: group/version -> round its answer arrives.
        Map<String, Integer> discovered = new HashMap<>();
        for (StepResource resource : rest) {
            if (!kindsFromCrds.contains(resource.groupKind())) {
                // Prefetched at round 0, alongside the foundation's own lookups.
                discovered.putIfAbsent(groupVersion(resource), 1);
            }
        }
        int foundationEnd = phase(foundation, concurrency, 0, discovered);
        int refresh = 0;
        for (StepResource resource : rest) {
            if (kindsFromCrds.contains(resource.groupKind())) {
                refresh = 1;
                // The refresh loads the group/version, so those steps find it cached.
                discovered.put(groupVersion(resource), foundationEnd + 1);
            }
        }
        int restEnd = phase(rest, concurrency, foundationEnd + refresh, discovered);
        return new Rounds(foundationEnd, refresh, restEnd - foundationEnd - refresh);
    }

    /** Simulates one phase starting at round {@code start}; returns the round it ends. */
    private static int phase(List<StepResource> steps, int concurrency, int start, Map<String, Integer> discovered) {
        PriorityQueue<Integer> freeSlots = new PriorityQueue<>();
        for (int slot = 0; slot < Math.min(concurrency, Math.max(1, steps.size())); slot++) {
            freeSlots.add(start);
        }
        int end = start;
        for (StepResource resource : steps) {
            int begins = freeSlots.poll();
            // A lookup not yet asked for is sent now and answers one round later.
            int known = discovered.computeIfAbsent(groupVersion(resource), absent -> begins + 1);
            // A CRD: read, write, read until Established; anything else: write.
            int finished = Math.max(begins, known) + 1 + (StepApplier.isCrd(resource) ? 2 : 0);
            freeSlots.add(finished);
            end = Math.max(end, finished);
        }
        return end;
    }

    private GroupKind definedKind(StepResource crd) {
        try {
            JsonNode spec = json.readTree(crd.manifest()).path("spec");
            return new GroupKind(spec.path("group").asText(), spec.path("names").path("kind").asText());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the manifest of step " + crd.displayName() + " is not JSON: "
                    + e.getOriginalMessage(), e);
        }
    }

    private static String group(StepResource resource) {
        return resource.group() == null ? "" : resource.group();
    }

    private static String groupVersion(StepResource resource) {
        return group(resource) + "/" + resource.version();
    }
}

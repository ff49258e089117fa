package dev.bundlectl.executor.access;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The identity's missing rights for one operation, asked of the API server before the first
 * write (docs/semantics.md §7). The operation's own requests (install records, the lock, a
 * namespace to create) are asked about at once; a step's are asked about when the preflight's dry
 * run of it was refused, or for every step when no dry run judged them, since a dry run that went
 * through proves its step's rights. The server's 403 for an RBAC object that grants what the
 * identity does not hold is kept in its own words.
 */
public final class PermissionCheck {

    private final AccessReview review;
    private final Discovery discovery;
    private final String identity;

    /**
     * @param review asks the server as the acting identity
     * @param discovery finds each step's resource
     * @param identity the acting identity, for the report
     */
    public PermissionCheck(AccessReview review, Discovery discovery, String identity) {
        this.review = Objects.requireNonNull(review, "review");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
        this.identity = Objects.requireNonNull(identity, "identity");
    }

    /** The server's answers about {@code needed}. */
    public Future<AccessReview.AccessAnswers> ask(List<RequiredAccess> needed) {
        return needed.isEmpty() ? Future.succeededFuture(AccessReview.AccessAnswers.none()) : review.review(needed);
    }

    /** The server's answers about the requests of the steps at {@code indexes} of {@code plan}. */
    public Future<AccessReview.AccessAnswers> askForSteps(PlannedInstall plan, Collection<Integer> indexes) {
        List<Future<List<RequiredAccess>>> perStep = new ArrayList<>();
        for (int index : indexes) {
            perStep.add(requestsOf(plan, plan.steps().get(index)));
        }
        return Future.all(new ArrayList<>(perStep)).compose(all -> {
            List<RequiredAccess> needed = new ArrayList<>();
            perStep.forEach(step -> needed.addAll(step.result()));
            return ask(needed);
        });
    }

    /**
     * The report: the denied requests, then, for each step the server refused with 403
     * ({@code forbidden}, by step index, with the server's message), the rights an RBAC object
     * lacks to be granted, or the refusal itself when no denied request explains it.
     */
    public MissingAccess report(String operation, AccessReview.AccessAnswers answers, PlannedInstall plan,
            Map<Integer, String> forbidden) {
        List<String> grants = new ArrayList<>();
        List<String> others = new ArrayList<>();
        forbidden.keySet().stream().sorted().forEach(index -> {
            StepResource resource = plan.steps().get(index).step().resource();
            String message = forbidden.get(index);
            String grant = MissingAccess.refusedGrant(resource.displayName(), message);
            if (grant != null) {
                grants.add(grant);
            } else if (answers.denied().stream().noneMatch(need -> explains(need, resource))) {
                others.add(resource.displayName() + ": " + message);
            }
        });
        return new MissingAccess(identity, operation, answers.denied(), grants, others);
    }

    private static boolean explains(RequiredAccess need, StepResource resource) {
        return need.purpose().equals(resource.displayName());
    }

    private Future<List<RequiredAccess>> requestsOf(PlannedInstall plan, PlannedStep planned) {
        Step step = planned.step();
        StepResource resource = step.resource();
        return resourceOf(plan, resource).map(type -> type.map(found -> StepRequests.of(step, planned.object(), found,
                        resource.namespace()).stream().map(request -> new RequiredAccess(request, resource.displayName()))
                        .toList()).orElse(List.of()))
                // A step whose API cannot be found is not a question of rights: the install meets it as it is.
                .otherwise(List.of());
    }

    /** The served resource of a step's kind, or, for a kind a CRD of this plan defines, the one it will serve. */
    private Future<Optional<ApiResource>> resourceOf(PlannedInstall plan, StepResource resource) {
        String group = Objects.toString(resource.group(), "");
        return discovery.find(group, resource.version(), resource.kind())
                .map(found -> found.or(() -> PlanCrds.served(plan, group, resource.kind())));
    }
}

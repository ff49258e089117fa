package dev.bundlectl.controller.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * {@code spec} of a BundleInstall.
 *
 * @param source where the bundle comes from
 * @param csvMode {@code auto}, {@code olm} or {@code render}, as {@code --csv-mode}
 * @param optionalApis {@code GROUP[/KIND]} rules, as {@code --optional-api}
 * @param capabilities a capabilities document in any form {@code --capabilities-file} takes, or null
 * @param approval whether plans wait for approval
 * @param approvedPlan the plan digest a person approved, or null
 * @param serviceAccountName the ServiceAccount of the object's namespace whose rights every request made
 *     for this install has (the controller impersonates it), or null when none is named
 * @param adopt whether an operator OLM installed the package as (a Subscription in the namespace) is
 *     taken over, as {@code bundlectl adopt} takes it over, instead of refused (docs/semantics.md §10)
 */
public record BundleInstallSpec(BundleSource source, String csvMode, List<String> optionalApis, JsonNode capabilities,
        ApprovalMode approval, String approvedPlan, String serviceAccountName, boolean adopt) {

    /** Checks the parts and copies the list. */
    public BundleInstallSpec {
        Objects.requireNonNull(source, "source");
        csvMode = csvMode == null ? "auto" : csvMode;
        optionalApis = List.copyOf(optionalApis == null ? List.of() : optionalApis);
        approval = approval == null ? ApprovalMode.Automatic : approval;
    }

    /** A spec that adopts nothing. */
    public BundleInstallSpec(BundleSource source, String csvMode, List<String> optionalApis, JsonNode capabilities,
            ApprovalMode approval, String approvedPlan, String serviceAccountName) {
        this(source, csvMode, optionalApis, capabilities, approval, approvedPlan, serviceAccountName, false);
    }
}

"""mlir.rewrite: pattern sets (Python patterns and PDL modules) and the
greedy and walk rewrite drivers."""

from ._mlir_libs._ir import (  # noqa: F401
    FrozenRewritePatternSet,
    GreedyRewriteConfig,
    GreedyRewriteStrictness,
    GreedySimplifyRegionLevel,
    PDLModule,
    PDLResultList,
    PatternRewriter,
    RewritePatternSet,
    apply_patterns_and_fold_greedily,
    walk_and_apply_patterns,
)

__all__ = [
    "FrozenRewritePatternSet",
    "GreedyRewriteConfig",
    "GreedyRewriteStrictness",
    "GreedySimplifyRegionLevel",
    "PDLModule",
    "PDLResultList",
    "PatternRewriter",
    "RewritePatternSet",
    "apply_patterns_and_fold_greedily",
    "walk_and_apply_patterns",
]

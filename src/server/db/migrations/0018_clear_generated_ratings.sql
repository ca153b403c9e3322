-- The ratings the seed generated ("4,9 (87 avaliações)") were written by no customer: product pages showed
-- them and published them as schema.org AggregateRating. These columns now hold what approved reviews say,
-- and no review has been approved yet.
UPDATE "products" SET "rating_avg" = 0, "rating_count" = 0;

-- A search row holds six word vectors (~2 KB): above about 2 KB PostgreSQL moves the largest of
-- them to the TOAST table, and every word condition evaluated on such a row (a walk in code order,
-- a bitmap's recheck) then fetches it from there. Rows are kept whole in the table instead; rows
-- written before this keep their place until the next reindex writes them again.
ALTER TABLE "articolo_search" SET (toast_tuple_target = 8160);

-- Decision 060: a program records the languages it is taught in (ISO 639-1 codes of the site's bounded list), apart
-- from the language its entry is written in (`language`, decision 032). The list of programs filters by one of them
-- (`instruction_languages @> ARRAY[code]`, which the GIN index serves).
--
-- Programs stored before this migration get an empty list: nothing is guessed from the language their text is in
-- (an English description says nothing about the language of the classes). Their pages say nothing about it until
-- staff choose, and the filter leaves them out while a language is chosen.
ALTER TABLE "programs" ADD COLUMN "instruction_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "programs_instruction_languages_idx" ON "programs" USING gin ("instruction_languages");

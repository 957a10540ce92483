"""What a check found, as data: verdicts, findings and notes as message codes with their values,
the numbers measured, and how numbers are written. Below everything that checks, above the words."""

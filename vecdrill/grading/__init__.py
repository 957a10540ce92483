"""`vecdrill grade`: a class's files checked into a gradebook (roster, grade, resume, gradebook)."""

package detect

// SetPruneBudget sets the most tasks a search for dropping a reader visits
// (see supersedes), so that tests can make the searches give up.
func SetPruneBudget(d *Detector, n int) { d.budget = n }

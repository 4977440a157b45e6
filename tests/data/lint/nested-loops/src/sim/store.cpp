// Input of lint_nested_loops_finds: SQL statements in sfsim are not event loops; a loop is.

void seed(SimStore& store, QSqlQuery* q)
{
    store.exec(u"DELETE FROM pools"_s);
    q->exec();
    QEventLoop wait; // found
}

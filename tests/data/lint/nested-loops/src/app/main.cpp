// Input of lint_nested_loops_finds: the application's own loop is allowed in src/app.

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    return QApplication::exec();
}

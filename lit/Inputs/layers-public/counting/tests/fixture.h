/* a fixture of counting's tests */

/* counting's header */
